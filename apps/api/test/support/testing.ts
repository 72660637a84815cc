// `@life-admin/api/testing`: what other workspaces' tests need to drive the API from outside its
// own suite (the api-client's round trips, the reliability suites): the app around a fresh
// database, users signed in without OpenID Connect, a browser for the local provider, the
// tables to count rows in, and where the built server lives.
export * from "./test-app.js";
export * from "./test-database.js";
export { call, get, post, type JsonResponse, type RequestOptions } from "./http.js";
export {
  TestBrowser,
  readSignInForm,
  signInAtLocalProvider,
} from "../../src/auth/oidc/test-browser.js";
export { listenOnLoopback, type LoopbackServer } from "../../src/auth/oidc/test-loopback.js";
export { withLocalProvider } from "../../src/auth/oidc/local-provider-server.js";
export { hashState } from "../../src/auth/oidc/login-attempts.js";
export { MAX_BODY_BYTES } from "../../src/app.js";
export { openPglite, pgliteDirectory } from "../../src/db/pglite.js";
export { openPostgres } from "../../src/db/postgres.js";
export type { Database, Db } from "../../src/db/database.js";
export * as tables from "../../src/db/schema.js";
export { packageRoot as apiPackageRoot } from "../../src/paths.js";
export { generateSigningKeyPem, type SigningKeys } from "../../src/auth/signing-key.js";
