// spec 3: where the browser keeps the session, and its access token read without the rest of the
// client. The one place that names the key: the token store (local-storage-token-store.ts) and
// the page's first script (apps/web's early-requests-entry.ts, through the
// `@life-admin/api-client/stored-session` export, which imports nothing) both go through here.

/** The session's key in localStorage. */
export const TOKEN_STORAGE_KEY = "tokenData";

/**
 * The stored session's access token, or null (none, unreadable, or storage refused). Read without
 * validating the whole token set, for the page's first script: it starts the dashboard's requests
 * before the app, and the schemas, have loaded. A token it sends that is not valid gets a 401,
 * which the app's client then handles as it would its own.
 */
export function storedAccessToken(storage: Pick<Storage, "getItem">): string | null {
  try {
    const session: unknown = JSON.parse(storage.getItem(TOKEN_STORAGE_KEY) ?? "null");
    if (typeof session !== "object" || session === null) return null;
    const token = (session as { access_token?: unknown }).access_token;
    return typeof token === "string" && token !== "" ? token : null;
  } catch {
    return null;
  }
}
