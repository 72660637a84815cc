// @life-admin/domain/files: a stored file's schema and its reading's proposal (issue 21), as an entry
// of its own (tsup.config.ts) for the web app's Upload and Documents screens, which load on demand:
// imported from the index, these schemas would stay in the module the first download carries (a
// bundler keeps a module's every export that any chunk uses), 1.2 kB of issue 7's budget. The
// index exports them too, for the API.
export * from "./stored-file.js";
export * from "./reading/proposal.js";
