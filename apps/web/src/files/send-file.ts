// issue 21: a file sent to POST /files/ with its progress. fetch cannot report an upload's
// progress, so this one request goes through XMLHttpRequest, signed like the client's (the
// session checked first, so an expired access token is refreshed), its answer checked and its
// failures the client's ApiError with the API's message (api-client/files).
import type { LifeAdminClient, TokenStore } from "@life-admin/api-client";
import { type StoredFile, UPLOAD_PATH, fileCalls, uploadForm } from "@life-admin/api-client/files";

export interface SendFileOptions {
  client: Pick<LifeAdminClient, "checkSession" | "http">;
  tokens: Pick<TokenStore, "get">;
  apiBaseUrl: string;
  file: File;
  /** The share of the file sent, 0 to 1. */
  onProgress: (sent: number) => void;
  now: () => Date;
  /** Stops the upload (the dialog closed). */
  signal?: AbortSignal;
  /** The request to make (the app's services give the page's XMLHttpRequest). */
  xhr: () => XMLHttpRequest;
}

/** The stored file as the API answers it (201), checked as the client checks its answers. */
export async function sendFile({
  client,
  tokens,
  apiBaseUrl,
  file,
  onProgress,
  now,
  signal,
  xhr,
}: SendFileOptions): Promise<StoredFile> {
  const calls = fileCalls(client);
  await client.checkSession(now());
  const token = tokens.get()?.access_token;
  const form = uploadForm(file);
  return new Promise((resolve, reject) => {
    const request = xhr();
    request.open("POST", `${apiBaseUrl}${UPLOAD_PATH}`);
    if (token !== undefined) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.responseType = "text";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      let body: unknown = request.responseText;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        // Not JSON: the text is the body.
      }
      try {
        if (request.status >= 200 && request.status < 300) resolve(calls.checked(body));
        else reject(calls.refused(request.status, body));
      } catch (invalid) {
        reject(invalid instanceof Error ? invalid : new Error(String(invalid)));
      }
    });
    request.addEventListener("error", () => {
      reject(new Error("The file could not be sent: check your connection and try again."));
    });
    request.addEventListener("abort", () => {
      reject(new DOMException("The upload was stopped", "AbortError"));
    });
    signal?.addEventListener("abort", () => {
      request.abort();
    });
    request.send(form);
  });
}
