// Database.binaryRow, what a stored file's bytes are read with (db/pglite-binary-row.ts on PGlite,
// COPY in binary on PostgreSQL, db/postgres-binary-row.ts): the bytes exactly as stored, whatever
// their size, and a failing statement is the database's error, not a wrong answer. Runs on the
// test engine.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseMemoryOf } from "../src/released-memory.js";
import type { Database } from "../src/db/database.js";
import { openTestDatabase, testEngine } from "./support/test-database.js";

describe(`binaryRow on ${testEngine}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute("create table blobs (id integer primary key, a bytea, b bytea)");
  });
  afterAll(() => database.close());

  async function stored(id: number, a: Uint8Array, b: Uint8Array) {
    await database.db.execute(
      // Through the query layer the API writes files with (text hex on PGlite, binary on pg).
      `insert into blobs values (${id}, '\\x${Buffer.from(a).toString("hex")}', '\\x${Buffer.from(b).toString("hex")}')`,
    );
  }

  it("reads every column's bytes as stored: every byte value, empty, and 5 MB across chunks", async () => {
    const everyByte = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    const large = randomBytes(5 * 1024 * 1024 + 7);
    await stored(1, everyByte, new Uint8Array(0));
    await stored(2, large, everyByte);

    const first = await database.binaryRow("select a, b from blobs where id = $1", [1]);
    expect(first?.map((column) => Buffer.from(column).toString("hex"))).toEqual([
      Buffer.from(everyByte).toString("hex"),
      "",
    ]);
    const second = await database.binaryRow("select a, b from blobs where id = $1", [2]);
    expect(second?.[0]?.equals(large)).toBe(true);
    expect(second?.[1]?.equals(everyByte)).toBe(true);
  });

  it("reads a row whose memory can be given back at once, the next read of it whole", async () => {
    const row = await database.binaryRow("select a, b from blobs where id = $1", [2]);
    const [a, b] = row ?? [];
    if (a === undefined || b === undefined) throw new Error("no row");
    expect([a.length, b.length]).toEqual([5 * 1024 * 1024 + 7, 512]);
    releaseMemoryOf(a);
    // Both columns were views of the row's buffer.
    expect([a.length, b.length]).toEqual([0, 0]);
    const again = await database.binaryRow("select a, b from blobs where id = $1", [2]);
    expect(again?.map((column) => column.length)).toEqual([5 * 1024 * 1024 + 7, 512]);
  });

  it("leaves a row of Node's pool size or less to V8, as it does the pool itself", async () => {
    const row = await database.binaryRow("select a from blobs where id = $1", [1]);
    const neighbour = Buffer.from("a buffer of Node's pool");
    const [a] = row ?? [];
    if (a === undefined) throw new Error("no row");
    releaseMemoryOf(a);
    releaseMemoryOf(neighbour);
    expect(a.length).toBe(512);
    expect(neighbour.toString()).toBe("a buffer of Node's pool");
  });

  it("answers null when there is no row, and the first row when there are several", async () => {
    expect(await database.binaryRow("select a from blobs where id = $1", [404])).toBeNull();
    const row = await database.binaryRow("select b from blobs order by id desc", []);
    expect(row?.[0]?.length).toBe(512);
  });

  it("throws the database's error for a statement that fails, and the next read still works", async () => {
    await expect(
      database.binaryRow("select a from no_such_table where id = $1", [1]),
    ).rejects.toMatchObject({ code: "42P01" });
    await expect(database.binaryRow("select a from blobs where id = $1", [1.5])).rejects.toThrow(
      "1.5 is not an id",
    );
    const row = await database.binaryRow("select b from blobs where id = $1", [2]);
    expect(row?.[0]?.length).toBe(512);
  });

  // PGlite runs in this thread and has no timeout of its own; PostgreSQL's queries have 2.5 s.
  it.runIf(testEngine === "postgres")(
    "fails rather than waits when the statement runs past the query timeout",
    async () => {
      const started = performance.now();
      await expect(
        database.binaryRow("select pg_sleep(10)::text::bytea from blobs where id = $1", [1]),
      ).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(4_000);
    },
  );

  it("waits for a transaction in progress instead of running inside it", async () => {
    const rowInserted = Promise.withResolvers<undefined>();
    const held = Promise.withResolvers<undefined>();
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute("insert into blobs values (3, '\\x01', '\\x02')");
      rowInserted.resolve(undefined);
      await held.promise;
      tx.rollback();
    });
    await rowInserted.promise;
    // Asked while the transaction holds its row uncommitted (on PGlite, its one session): read
    // inside it, it would see that row.
    const read = database.binaryRow("select a from blobs where id = $1", [3]);
    held.resolve(undefined);
    await expect(transaction).rejects.toThrow();
    expect(await read).toBeNull();
  });
});
