// The API suite's files that never open the test database, left out of its run against
// PostgreSQL (TEST_DATABASE_URL), which would only run them again as the PGlite run did: that run
// took 117 s without them, 157 s with. Only files that take a second or more are worth a line:
// reading (OCR, the corpus), the calendar's RRULE proof, and tests of PGlite itself. A listed file
// that opens the test database fails (test-database.ts), so the list cannot hide a file from
// PostgreSQL.
export const ENGINE_FREE_FILES = [
  "src/db/bytea.test.ts",
  "src/db/pglite-statements.test.ts",
  "test/calendar-rrule-proof.test.ts",
  "test/data-durability.test.ts",
  "test/migration-0005.test.ts",
  "test/pglite-lock.test.ts",
  "test/reading-accuracy.test.ts",
  "test/reading/extract-text.test.ts",
  "test/reading/thread-priority.test.ts",
];
