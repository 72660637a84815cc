// @life-admin/domain/archive: the account archive's format (issue 22), the API's export and import
// alone. An entry of its own (tsup.config.ts), not in the index: the web app never reads an
// archive, and its many zod checks would otherwise sit in the module the first download carries.
export * from "./account-archive.js";
