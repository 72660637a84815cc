// The baseline repeats the API's answers byte for byte, headers included, for GET and for POST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAnswer, startBaseline, type Baseline } from "../src/support/baseline.js";

let baseline: Baseline;
const GET_BODY = JSON.stringify([{ id: 1, title: "Renew passport" }]);
const POST_BODY = JSON.stringify({ id: 2, title: "Pay council tax" });

beforeAll(async () => {
  const answer = (body: string, status: number) =>
    new Response(body, {
      status,
      headers: { "Content-Type": "application/json", "X-Content-Type-Options": "nosniff" },
    });
  baseline = await startBaseline({
    GET: await recordAnswer(answer(GET_BODY, 200)),
    POST: await recordAnswer(answer(POST_BODY, 201)),
  });
});
afterAll(async () => {
  await baseline.stop();
});

describe("the node:http baseline", () => {
  it("answers GET with the recorded status, headers and bytes", async () => {
    const response = await fetch(`${baseline.url}/tasks/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe(GET_BODY);
  });

  it("reads a POST's body, then answers with the recorded POST answer", async () => {
    const response = await fetch(`${baseline.url}/tasks/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "x".repeat(10_000) }),
    });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe(POST_BODY);
  });
});
