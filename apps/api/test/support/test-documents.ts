// `@life-admin/api/test-documents`: the documents the API's own tests make (support/documents.ts,
// support/reading-documents.ts, with its Word 97-2003 fixture), for suites outside this package
// (reliability suite 15 mutates them). Apart from `./testing`, so that the suites that only need
// the app and its tables do not load pdf-lib, docx and @napi-rs/canvas.
export * from "./documents.js";
export * from "./reading-documents.js";
