// Database.binaryRows, what a stored file's bytes are read with (db/pglite-binary-rows.ts on
// PGlite, COPY in binary on PostgreSQL, db/postgres-binary-rows.ts): every row's columns exactly as
// stored, whatever their size, in the order the statement gives them; a failing statement is the
// database's error, not a wrong answer. Runs on the test engine.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.js";
import { openTestDatabase, testEngine } from "./support/test-database.js";

describe(`binaryRows on ${testEngine}`, () => {
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

  /** Every row's columns, copied as they are handed on (their views are read again after). */
  async function rowsOf(text: string, ids: readonly number[]): Promise<Buffer[][]> {
    const rows: Buffer[][] = [];
    await database.binaryRows(text, ids, (columns) => {
      rows.push(columns.map((column) => Buffer.from(column)));
    });
    return rows;
  }

  const everyByte = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
  const large = randomBytes(5 * 1024 * 1024 + 7);

  it("reads every column's bytes as stored: every byte value, empty, and 5 MB across chunks", async () => {
    await stored(1, everyByte, new Uint8Array(0));
    await stored(2, large, everyByte);

    const [first] = await rowsOf("select a, b from blobs where id = $1", [1]);
    expect(first?.map((column) => column.toString("hex"))).toEqual([
      Buffer.from(everyByte).toString("hex"),
      "",
    ]);
    const [second] = await rowsOf("select a, b from blobs where id = $1", [2]);
    expect(second?.[0]?.equals(large)).toBe(true);
    expect(second?.[1]?.equals(everyByte)).toBe(true);
  });

  it("hands on every row in the statement's order, an integer as its bytes, and none for no row", async () => {
    const rows = await rowsOf(
      "select id, substring(a from 1 for 100000) from blobs where id <= $1 order by id desc",
      [2],
    );
    expect(rows.map(([id]) => id?.readInt32BE(0))).toEqual([2, 1]);
    expect(rows[0]?.[1]?.equals(large.subarray(0, 100_000))).toBe(true);
    expect(rows[1]?.[1]?.equals(everyByte)).toBe(true);

    // 300 rows of 0 to 70,000 bytes: many to a chunk of the answer, and chunks that end mid-row.
    const pieces = await rowsOf(
      "select s, substring(a from s * 2621 + 1 for s * 7919 % 70000) from blobs, " +
        "generate_series(0, 299) as pieces (s) where id = $1 order by s",
      [2],
    );
    expect(pieces.map(([s]) => s?.readInt32BE(0))).toEqual(
      Array.from({ length: 300 }, (_, s) => s),
    );
    for (const [s, piece] of pieces) {
      const n = s?.readInt32BE(0) ?? -1;
      expect(piece?.equals(large.subarray(n * 2621, n * 2621 + ((n * 7919) % 70_000)))).toBe(true);
    }

    expect(await rowsOf("select a from blobs where id = $1", [404])).toEqual([]);
  });

  // PGlite's rows are read into one buffer of the statement's; on PostgreSQL most rows are views
  // of the chunks the connection read, left to V8 as they were before.
  it.runIf(testEngine === "pglite")(
    "gives back the memory the rows were read into once the statement is answered",
    async () => {
      const views: Buffer[] = [];
      await database.binaryRows("select a from blobs where id = $1", [2], ([a]) => {
        if (a !== undefined) views.push(a);
      });
      expect(views.map((view) => view.length)).toEqual([0]);
    },
  );

  it("throws the database's error for a statement that fails, and the next read still works", async () => {
    await expect(rowsOf("select a from no_such_table where id = $1", [1])).rejects.toMatchObject({
      code: "42P01",
    });
    await expect(rowsOf("select a from blobs where id = $1", [1.5])).rejects.toThrow(
      "1.5 is not an id",
    );
    const [row] = await rowsOf("select b from blobs where id = $1", [2]);
    expect(row?.[0]?.length).toBe(512);
  });

  it("rejects with what the caller's onRow threw, and the next read still works", async () => {
    const refused = new Error("not this row");
    let calls = 0;
    await expect(
      database.binaryRows("select a from blobs where id <= $1 order by id", [2], () => {
        calls += 1;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);
    const [row] = await rowsOf("select b from blobs where id = $1", [2]);
    expect(row?.[0]?.length).toBe(512);
  });

  // PGlite runs in this thread and has no timeout of its own; PostgreSQL's queries have 2.5 s.
  it.runIf(testEngine === "postgres")(
    "fails rather than waits when the statement runs past the query timeout",
    async () => {
      const started = performance.now();
      await expect(
        rowsOf("select pg_sleep(10)::text::bytea from blobs where id = $1", [1]),
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
    const read = rowsOf("select a from blobs where id = $1", [3]);
    held.resolve(undefined);
    await expect(transaction).rejects.toThrow();
    expect(await read).toEqual([]);
  });
});
