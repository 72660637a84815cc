// `@life-admin/api/testing`: what other workspaces' tests need to drive the API from outside its
// own suite, and nothing more (apps/api's own tests import their helpers directly). Each name is
// here because a suite outside uses it:
// - the app around a fresh database, users signed in without OpenID Connect (api-client's round
//   trips, the reliability suites);
// - a browser for the local provider and a server on loopback (reliability's sign-in suites);
// - the tables, to count and seed rows; PGlite and scratch PostgreSQL databases (load, crash,
//   outage, rate limits); the signing key's shape (forged tokens); where the built server lives;
// - account archives zipped as the export writes them, and the ways to spoil one (bad imports).
// - a person's rows in every table, and rows naming what is gone (deleting an account).
export { TEST_WEB_ORIGIN, createTestApp, signInAs, testConfig, type TestApp } from "./test-app.js";
export { createScratchDatabase, type ScratchDatabase } from "./test-database.js";
export * as accountArchives from "./account-archives.js";
export { TestBrowser, signInAtLocalProvider, signInThroughApi } from "./test-browser.js";
export { listenOnLoopback } from "./test-loopback.js";
export { withLocalProvider } from "../../src/auth/oidc/local-provider-server.js";
export { hashState } from "../../src/auth/oidc/login-attempts.js";
export { openPglite } from "../../src/db/pglite.js";
export { openPostgres } from "../../src/db/postgres.js";
export type { Db } from "../../src/db/database.js";
export * as tables from "../../src/db/schema.js";
export { accountIdsOf, accountRowCounts, orphanRows } from "./account-rows.js";
export { packageRoot as apiPackageRoot } from "../../src/paths.js";
export { generateSigningKeyPem, type SigningKeys } from "../../src/auth/signing-key.js";
