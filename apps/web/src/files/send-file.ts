// issue 21: a file sent to POST /files/ with its progress (and issue 22's account import, a form of
// its own the same way). fetch cannot report an upload's progress, so this one request goes
// through XMLHttpRequest, signed like the client's (the session checked first, so an expired
// access token is refreshed), its answer checked and its failures the client's ApiError with the
// API's message (api-client/files, api-client/import).
import type { LifeAdminClient, TokenStore } from "@life-admin/api-client";
import { type StoredFile, UPLOAD_PATH, fileCalls, uploadForm } from "@life-admin/api-client/files";

export interface SendFormOptions<T> {
  client: Pick<LifeAdminClient, "checkSession" | "http">;
  tokens: Pick<TokenStore, "get">;
  apiBaseUrl: string;
  /** Where the form goes, under the API's base URL. */
  path: string;
  form: FormData;
  /** The share of the form sent, 0 to 1. */
  onProgress: (sent: number) => void;
  now: () => Date;
  /** Stops the sending (the dialog closed). */
  signal?: AbortSignal;
  /** The request to make (the app's services give the page's XMLHttpRequest). */
  xhr: () => XMLHttpRequest;
  /** The answer of a 2xx, checked as the client checks its answers. */
  checked: (body: unknown) => T;
  /** The ApiError of any other answer, as the client would throw it. */
  refused: (status: number, body: unknown) => Error;
}

export type SendFileOptions = Omit<
  SendFormOptions<StoredFile>,
  "path" | "form" | "checked" | "refused"
> & { file: File };

/** The stored file as the API answers it (201), checked as the client checks its answers. */
export function sendFile({ file, ...options }: SendFileOptions): Promise<StoredFile> {
  const calls = fileCalls(options.client);
  return sendForm({
    ...options,
    path: UPLOAD_PATH,
    form: uploadForm(file),
    checked: calls.checked,
    refused: calls.refused,
  });
}

/**
 * A form POSTed with its progress (an upload, an account import: issue 22), signed with the
 * session's token: the answer as `checked` reads it, or the refusal `refused` makes of it.
 */
export async function sendForm<T>({
  client,
  tokens,
  apiBaseUrl,
  path,
  form,
  onProgress,
  now,
  signal,
  xhr,
  checked,
  refused,
}: SendFormOptions<T>): Promise<T> {
  await client.checkSession(now());
  const token = tokens.get()?.access_token;
  return new Promise((resolve, reject) => {
    const request = xhr();
    request.open("POST", `${apiBaseUrl}${path}`);
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
        if (request.status >= 200 && request.status < 300) resolve(checked(body));
        else reject(refused(request.status, body));
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
