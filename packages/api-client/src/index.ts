// @life-admin/api-client: the typed, validated client for the Life Admin API, with the session
// helpers the web app and scripts share. Browsers and Node 24.
export {
  createLifeAdminClient,
  type LifeAdminClient,
  type LifeAdminClientOptions,
  type SubscriptionCreateBody,
  type SubscriptionFilter,
  type SubscriptionTotals,
  type SubscriptionUpdateBody,
  type TaskCreateBody,
  type TaskUpdateBody,
} from "./client.js";
export {
  ApiError,
  InvalidResponseError,
  apiErrorOf,
  type ApiErrorDetail,
  type ApiErrorInit,
  type ResponseIssue,
  UnreadableResponseError,
  type ValidationIssue,
} from "./api-error.js";
export { UNREACHABLE_MESSAGE, UnreachableError } from "./unreachable.js";
export {
  REFRESH_LOCK_NAME,
  SESSION_CHECK_INTERVAL_MS,
  type RefreshLockManager,
  type SessionCheck,
} from "./session.js";
export {
  indexedDbRefreshLedger,
  type IndexedDbFactory,
  type RefreshLedger,
  type RefreshRecord,
} from "./refresh-ledger.js";
export { memoryTokenStore, type TokenStore } from "./token-store.js";
export {
  localStorageTokenStore,
  type LocalStorageTokenStoreOptions,
  type TokenStorage,
} from "./local-storage-token-store.js";
export { TOKEN_STORAGE_KEY, storedAccessToken } from "./stored-session.js";
export {
  browserChallengeOf,
  createBrowserBinding,
  type BrowserBinding,
  type WebCrypto,
} from "./browser-binding.js";
export { isTokenExpired, readTokenExpiry } from "./token-expiry.js";
export type { components, paths } from "./schema.js";
// The records the calls answer with, so a script can name them without depending on the domain
// package itself (a dependency of this one, not of the script).
export type { Subscription, Task, TokenSet } from "@life-admin/domain";
