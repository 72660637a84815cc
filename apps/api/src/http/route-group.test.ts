// A route said once is documented and served alike: what a caller of a route built with the group
// notices (the order of the checks, the 404 and the 204, the document's entry), on a small
// resource of its own, so that the next routes (GET, PATCH, DELETE of one item) rely on it.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { AppEnv } from "../app-env.js";
import type { UserRow } from "../db/schema.js";
import { UnauthorizedError } from "../errors/api-error.js";
import { errorResponse } from "../errors/error-response.js";
import { createLogger } from "../logger.js";
import { noContent, ok, publicRoutes, signedInRoutes } from "./route-group.js";

const Note = z.object({ id: z.number(), text: z.string() });
const NoteId = z.object({ note_id: z.coerce.number().check(z.int(), z.positive()) });
const NoteEdit = z.object({ text: z.string().check(z.minLength(1)) });
const Pong = z.object({ pong: z.boolean() });
const PinRequest = z.object({ until: z.optional(z.string().check(z.minLength(1))) });
const Pin = z.object({ id: z.number(), until: z.nullable(z.string()) });

/** Signs in as user 7 with `Authorization: Bearer seven`, as the real check would. */
const requireSeven: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header("authorization") !== "Bearer seven") throw new UnauthorizedError("No");
  c.set("user", { id: 7 } as UserRow);
  await next();
};

function notesApp() {
  // User 7 has note 1; nobody has note 2.
  const notes = new Map([[1, { id: 1, userId: 7, text: "Buy stamps" }]]);
  const mine = (userId: number, id: number) => {
    const note = notes.get(id);
    return note?.userId === userId ? note : null;
  };
  const routes = signedInRoutes("notes", requireSeven);
  routes.patch(
    "/notes/{note_id}",
    {
      summary: "Edit a note",
      params: NoteId,
      body: NoteEdit,
      answer: ok(Note, "The note"),
      notFound: "Note not found",
    },
    ({ user, params, body }) => {
      const note = mine(user.id, params.note_id);
      if (note === null) return null;
      note.text = body.text;
      return { id: note.id, text: note.text };
    },
  );
  routes.delete(
    "/notes/{note_id}",
    {
      summary: "Delete a note",
      params: NoteId,
      answer: noContent("Deleted"),
      notFound: "Note not found",
    },
    ({ user, params }) => {
      const note = mine(user.id, params.note_id);
      if (note !== null) notes.delete(note.id);
      return note;
    },
  );
  routes.post(
    "/notes/{note_id}/pin",
    {
      summary: "Pin a note",
      params: NoteId,
      body: PinRequest,
      bodyOptional: true,
      answer: ok(Pin, "The pin"),
      notFound: "Note not found",
    },
    ({ user, params, body }) => {
      const note = mine(user.id, params.note_id);
      return note && { id: note.id, until: body.until ?? null };
    },
  );
  const open = publicRoutes("ping");
  open.get("/ping", { summary: "Ping", answer: ok(Pong, "Pong") }, () => ({ pong: true }));

  const app = new OpenAPIHono<AppEnv>();
  const logger = createLogger("silent");
  app.onError((error, c) => errorResponse(error, c, logger));
  app.route("/", routes.app);
  app.route("/", open.app);
  return app;
}

const send = (path: string, init: RequestInit & { token?: string } = {}) =>
  notesApp().request(path, {
    ...init,
    headers: {
      ...(init.token === undefined ? {} : { Authorization: `Bearer ${init.token}` }),
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
  });

describe("a signed-in route", () => {
  it("hands the handler the user, the path and the body, parsed, and answers with its status", async () => {
    const res = await send("/notes/1", {
      method: "PATCH",
      token: "seven",
      body: JSON.stringify({ text: "Buy more stamps" }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 1, text: "Buy more stamps" });
  });

  it("checks the sign-in before anything else: 401 even for a bad path and body", async () => {
    const res = await send("/notes/x", { method: "PATCH", body: "{" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "No" });
  });

  it("answers 422 located in the path for a bad path parameter", async () => {
    const res = await send("/notes/0", { method: "DELETE", token: "seven" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ detail: [{ loc: ["path", "note_id"] }] });
  });

  it("answers 422 for a body that is not JSON or not valid, 415 for one sent as another type", async () => {
    const notJson = await send("/notes/1", {
      method: "PATCH",
      token: "seven",
      body: "text",
    });
    expect(notJson.status).toBe(422);
    const empty = await send("/notes/1", {
      method: "PATCH",
      token: "seven",
      body: JSON.stringify({ text: "" }),
    });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ detail: [{ loc: ["body", "text"] }] });
    const plain = await notesApp().request("/notes/1", {
      method: "PATCH",
      headers: { Authorization: "Bearer seven", "Content-Type": "text/plain" },
      body: JSON.stringify({ text: "Hi" }),
    });
    expect(plain.status).toBe(415);
  });

  it("answers 404 with the route's detail when the handler finds nothing of the user's", async () => {
    const res = await send("/notes/2", { method: "DELETE", token: "seven" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Note not found" });
  });

  it("answers 204 with no body when the route says so", async () => {
    const res = await send("/notes/1", { method: "DELETE", token: "seven" });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
  });
});

describe("a route whose body may be left out", () => {
  it("reads no body, or only white space, as {} whatever the content type says", async () => {
    for (const init of [{}, { body: "" }, { body: " \n" }]) {
      const res = await send("/notes/1/pin", { method: "POST", token: "seven", ...init });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: 1, until: null });
    }
  });

  it("reads and checks a body that is there, as a required one", async () => {
    const pinned = await send("/notes/1/pin", {
      method: "POST",
      token: "seven",
      body: JSON.stringify({ until: "tomorrow" }),
    });
    expect(await pinned.json()).toEqual({ id: 1, until: "tomorrow" });
    const invalid = await send("/notes/1/pin", {
      method: "POST",
      token: "seven",
      body: JSON.stringify({ until: "" }),
    });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({ detail: [{ loc: ["body", "until"] }] });
    const malformed = await send("/notes/1/pin", { method: "POST", token: "seven", body: "{" });
    expect(malformed.status).toBe(422);
    const plain = await notesApp().request("/notes/1/pin", {
      method: "POST",
      headers: { Authorization: "Bearer seven", "Content-Type": "text/plain" },
      body: "until tomorrow",
    });
    expect(plain.status).toBe(415);
  });

  it("is documented as a body that is not required", () => {
    const document = notesApp().getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "notes", version: "1" },
    });
    const pin = document.paths?.["/notes/{note_id}/pin"]?.post;
    expect(pin?.requestBody).toMatchObject({ required: false });
    expect(Object.keys(pin?.responses ?? {})).toContain("415");
  });
});

describe("a public route", () => {
  it("answers without a sign-in", async () => {
    const res = await send("/ping");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ pong: true });
  });
});

describe("the document", () => {
  it("describes each route as it is served: security, parameters, body and every answer", () => {
    const document = notesApp().getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "notes", version: "1" },
    });
    const patch = document.paths?.["/notes/{note_id}"]?.patch;
    expect(patch?.tags).toEqual(["notes"]);
    expect(patch?.security).toEqual([{ bearerAuth: [] }]);
    expect(patch?.parameters).toMatchObject([{ name: "note_id", in: "path", required: true }]);
    expect(patch?.requestBody).toMatchObject({ required: true });
    expect(Object.keys(patch?.responses ?? {})).toEqual([
      "200",
      "401",
      "404",
      "413",
      "415",
      "422",
      "503",
    ]);
    const remove = document.paths?.["/notes/{note_id}"]?.delete;
    expect(Object.keys(remove?.responses ?? {})).toEqual(["204", "401", "404", "422", "503"]);
    const ping = document.paths?.["/ping"]?.get;
    expect(ping?.security).toBeUndefined();
    expect(Object.keys(ping?.responses ?? {})).toEqual(["200", "503"]);
  });
});
