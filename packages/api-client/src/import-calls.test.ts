// issue 22: the import call as the settings screen uses it, against a fake API injected as fetch.
import { describe, expect, it } from "vitest";
import { ApiError, InvalidResponseError } from "./api-error.js";
import { IMPORT_PATH, importCalls } from "./import-calls.js";
import { bearer, json, tokenSet } from "./test-support/fake-fetch.js";
import { harness } from "./test-support/harness.js";

const session = tokenSet("first");
const REPORT = {
  added: { tasks: 12, subscriptions: 3, files: 2, completions: 30 },
  skipped: { tasks: 4, subscriptions: 0, files: 0 },
};
const zip = new Blob([new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)])]);

describe("import", () => {
  it("sends the ZIP as the form's field file, with the bearer token, and gives the report", async () => {
    const { client, fake } = harness(() => json(REPORT), session);
    const report = await importCalls(client).import(zip, "life-admin-export.zip");
    expect(report).toEqual(REPORT);
    const [call] = fake.calls;
    expect(`${call?.method} ${call?.path}`).toBe(`POST ${IMPORT_PATH}`);
    expect(call?.headers.get("Authorization")).toBe(bearer(session));
    expect(call?.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(call?.body).toContain('name="file"; filename="life-admin-export.zip"');
  });

  it("sends a script's Buffer of the ZIP as it sends a Blob", async () => {
    const { client, fake } = harness(() => json(REPORT), session);
    const bytes = Buffer.from(await zip.arrayBuffer());
    await expect(importCalls(client).import(bytes, "backup.zip")).resolves.toEqual(REPORT);
    expect(fake.calls[0]?.body).toContain('name="file"; filename="backup.zip"');
    expect(fake.calls[0]?.body).toContain(bytes.toString("latin1"));
  });

  it("throws the API's refusal as an ApiError with its message", async () => {
    const detail =
      "The file is not a ZIP. Choose the .zip file that Export in Life Admin gave you.";
    const { client } = harness(() => json({ detail }, 415), session);
    const failure = await importCalls(client)
      .import(zip)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(detail);
    expect(importCalls(client).refused(415, { detail }).message).toBe(detail);
  });

  it("refuses an answer that is not a report", async () => {
    const { client } = harness(() => json({ added: 3 }), session);
    await expect(importCalls(client).import(zip)).rejects.toBeInstanceOf(InvalidResponseError);
    expect(() => importCalls(client).checked({ added: 3 })).toThrow(InvalidResponseError);
    expect(importCalls(client).checked(REPORT)).toEqual(REPORT);
  });
});
