// Issue 21: the stored files' calls (`@life-admin/api-client/files`) against the real API in
// process: an upload through the client as a form, its answer checked; the list, one file and its
// bytes back; another way of sending (XMLHttpRequest's) made from uploadForm and UPLOAD_PATH, its
// answer checked as the client checks its own; refusals as the client's ApiError with the API's
// words.
import { INVALID_FILE_TYPE_MESSAGE } from "@life-admin/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, InvalidResponseError } from "../src/api-error.js";
import { UPLOAD_PATH, fileCalls, uploadForm } from "../src/file-calls.js";
import { API_URL, type ApiUnderTest, inProcessClient, startApi } from "./support/api-app.js";

let api: ApiUnderTest;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** The smallest PNG a decoder takes: a 1x1 white pixel. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC",
  "base64",
);

describe("files against the real API (issue 21)", () => {
  it("uploads a file, reads it back in the list, by id and as bytes, and deletes it", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const files = fileCalls(client);
    const file = await files.upload(new Blob([PNG], { type: "image/png" }), "receipt.png");
    expect(file).toMatchObject({
      name: "receipt.png",
      content_type: "image/png",
      size: PNG.length,
      status: "reading",
      proposal: null,
    });
    expect(await files.list()).toEqual([file]);
    expect(await files.get(file.id)).toEqual(file);
    const bytes = await files.content(file.id);
    expect(bytes.type).toBe("image/png");
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);
    await files.remove(file.id);
    expect(await files.list()).toEqual([]);
    await expect(files.get(file.id)).rejects.toMatchObject({
      status: 404,
      detail: "File not found",
    });
  });

  it("gives the API's refusal of a file as the client's ApiError, in its words", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const refused = fileCalls(client).upload(new Blob(["<html></html>"]), "bill.pdf");
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 415,
      message: INVALID_FILE_TYPE_MESSAGE,
    });
  });

  it("makes the form another sender can post, and checks that sender's answer as its own", async () => {
    const tokens = await api.signIn();
    const { client } = inProcessClient(api, tokens);
    const sent = await api.app.app.request(`${API_URL}${UPLOAD_PATH}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${tokens.access_token}` },
      body: uploadForm(new File([PNG], "scan.png")),
    });
    expect(sent.status).toBe(201);
    const files = fileCalls(client);
    const file = files.checked(await sent.json());
    expect(file).toMatchObject({ name: "scan.png", status: "reading" });
    expect(() => files.checked({ ...file, status: "lost" })).toThrow(InvalidResponseError);
  });

  it("takes a script's Buffer with the name to keep it under, as it takes a Blob", async () => {
    const { client } = inProcessClient(api, await api.signIn());
    const file = await fileCalls(client).upload(PNG, "receipt.png");
    expect(file).toMatchObject({
      name: "receipt.png",
      content_type: "image/png",
      size: PNG.length,
    });
  });

  it("refuses a path or anything else but bytes before sending, saying what to pass", async () => {
    const script = inProcessClient(api, await api.signIn());
    const files = fileCalls(script.client);
    for (const wrong of ["/home/me/bill.pdf", { path: "/home/me/bill.pdf" }]) {
      const failure = await files.upload(wrong as never).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TypeError);
      expect((failure as Error).message).toMatch(/is a Blob, a File or its bytes/);
      expect((failure as Error).message).toContain("fs.openAsBlob(path)");
    }
    expect(script.requests).toEqual([]);
  });
});
