// Route input checked with a contract schema: the handler gets the parsed value, a caller gets
// FastAPI's 422 naming where each bad value came from (decisions D1).
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ValidationError } from "../errors/api-error.js";
import { Frequency } from "./schemas.js";
import { valid } from "./validate.js";

const Query = z.object({
  size: z._default(z.enum(["S", "M"]), "M"),
  frequency: z.optional(Frequency),
});
const Body = z.object({ name: z.string().check(z.trim(), z.minLength(1, { error: "Name!" })) });

function app() {
  const hono = new Hono();
  hono.onError((error, c) =>
    error instanceof ValidationError ? c.json({ detail: error.items }, 422) : c.text("?", 500),
  );
  hono.get("/", valid("query", Query), (c) => c.json(c.req.valid("query")));
  hono.post("/", valid("json", Body), (c) => c.json(c.req.valid("json")));
  return hono;
}

const post = (body: unknown) =>
  app().request("/", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("valid", () => {
  it("hands the handler the parsed value: trimmed, defaults filled in, unknown fields gone", async () => {
    expect(await (await post({ name: "  Ann ", extra: 1 })).json()).toEqual({ name: "Ann" });
    expect(await (await app().request("/?frequency=Daily")).json()).toEqual({
      size: "M",
      frequency: "Daily",
    });
  });

  it("refuses a bad body with 422 items located in the body, with the schema's message", async () => {
    const res = await post({ name: " " });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [{ loc: ["body", "name"], msg: "Name!", type: "string_too_short" }],
    });
  });

  it("refuses a bad or repeated query parameter with 422 items located in the query", async () => {
    for (const query of ["?size=XL", "?size=S&size=M"]) {
      const res = await app().request(`/${query}`);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ detail: [{ loc: ["query", "size"] }] });
    }
  });

  it("words in English what the schema does not word itself (schemas.ts loads the messages)", async () => {
    const res = await app().request("/?frequency=Hourly");
    expect(await res.json()).toEqual({
      detail: [
        {
          loc: ["query", "frequency"],
          msg: 'Invalid option: expected one of "Daily"|"Weekly"|"Monthly"|"Yearly"',
          type: "enum",
        },
      ],
    });
  });
});
