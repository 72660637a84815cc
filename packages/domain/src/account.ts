// @life-admin/domain/account: what the web app's Settings needs of issue 22 (signed-in devices, the
// import's report, deleting the account), as an entry of its own (tsup.config.ts) for Settings,
// which loads on demand: imported from the index, they would stay in the module the first download
// carries (a bundler keeps a module's every export that any chunk uses), about 1 kB over issue 7's
// budget. The archive's own schema is only the API's (the index): here its zod checks would pull
// parts of zod the first download does not otherwise need into the chunk zod lives in. The index
// does not: the API imports them from here too, and the archive from @life-admin/domain/archive.
export * from "./account-deletion.js";
export * from "./account-import.js";
export * from "./session.js";
