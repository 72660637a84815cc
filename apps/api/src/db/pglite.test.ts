import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./database.js";
import { openPglite } from "./pglite.js";

describe("PGlite in the API's process", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(null);
  });
  afterAll(() => database.close());

  it("lets work that arrived meanwhile run before a chain of queries goes on", async () => {
    // Without a turn of the event loop between them, the five run as one task, and the work
    // queued first waits for all five.
    let queriesBeforeIt: number | null = null;
    let queries = 0;
    setImmediate(() => {
      queriesBeforeIt = queries;
    });
    for (let i = 0; i < 5; i++) {
      await database.db.execute(sql`select 1`);
      queries++;
    }
    expect(queriesBeforeIt).toBe(0);
  });
});
