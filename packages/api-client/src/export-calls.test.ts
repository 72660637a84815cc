// issue 22: the export call as the settings screen uses it, against a fake API injected as fetch.
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.js";
import { EXPORT_FALLBACK_NAME, attachmentFileName, exportCalls } from "./export-calls.js";
import { bearer, json, tokenSet } from "./test-support/fake-fetch.js";
import { harness } from "./test-support/harness.js";

const session = tokenSet("first");
const renewed = tokenSet("renewed");
const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

function zipAnswer(
  disposition: string | null = 'attachment; filename="life-admin-export-2026-11-27.zip"',
) {
  const headers: Record<string, string> = { "Content-Type": "application/zip" };
  if (disposition !== null) headers["Content-Disposition"] = disposition;
  return new Response(ZIP_BYTES, { status: 200, headers });
}

describe("export", () => {
  it("downloads the ZIP with the bearer token, as a Blob named as the API names it", async () => {
    const { client, fake } = harness(() => zipAnswer(), session);
    const { zip, fileName } = await exportCalls(client).export();
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /users/me/export",
    ]);
    expect(fake.calls[0]?.headers.get("Authorization")).toBe(bearer(session));
    expect(new Uint8Array(await zip.arrayBuffer())).toEqual(ZIP_BYTES);
    expect(zip.type).toBe("application/zip");
    expect(fileName).toBe("life-admin-export-2026-11-27.zip");
  });

  it("refreshes an expired session and asks once more", async () => {
    const { client, fake } = harness((call) => {
      if (call.path === "/auth/refresh") return json(renewed);
      return call.headers.get("Authorization") === bearer(renewed)
        ? zipAnswer()
        : json({ detail: "The access token has expired" }, 401);
    }, session);
    const { zip } = await exportCalls(client).export();
    expect(zip.size).toBe(ZIP_BYTES.length);
    expect(fake.count("GET", "/users/me/export")).toBe(2);
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
  });

  it("throws the API's refusal as an ApiError with its detail", async () => {
    const { client } = harness(
      () => json({ detail: "The database cannot be reached" }, 503),
      session,
    );
    const failure = await exportCalls(client)
      .export()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(503);
    expect((failure as ApiError).message).toContain("The database cannot be reached");
  });

  it("names the file by itself when the answer names none", async () => {
    const { client } = harness(() => zipAnswer(null), session);
    expect((await exportCalls(client).export()).fileName).toBe(EXPORT_FALLBACK_NAME);
  });
});

describe("attachmentFileName", () => {
  it("reads filename*, then filename quoted or not, and never a path", () => {
    expect(
      attachmentFileName("attachment; filename=\"a.zip\"; filename*=UTF-8''caf%C3%A9.zip"),
    ).toBe("café.zip");
    expect(attachmentFileName('attachment; filename="say \\"hi\\".zip"')).toBe('say "hi".zip');
    expect(attachmentFileName("attachment; filename=plain.zip")).toBe("plain.zip");
    expect(attachmentFileName('attachment; filename="../../etc/passwd"')).toBe("passwd");
    expect(attachmentFileName("attachment; filename*=UTF-8''%E0%A4%A")).toBeNull();
    expect(attachmentFileName("attachment")).toBeNull();
    expect(attachmentFileName(null)).toBeNull();
  });
});
