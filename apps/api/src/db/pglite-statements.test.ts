import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteBytea } from "./bytea.js";
import { PgliteWithStatements } from "./pglite-statements.js";

/** The names the database session holds prepared. */
async function preparedNames(client: PGlite): Promise<string[]> {
  const [result] = await client.exec("select name from pg_prepared_statements order by name");
  return (result?.rows ?? []).map((row) => String(row.name));
}

describe("PGlite with each statement prepared once", () => {
  const plain = new PGlite(pgliteBytea);
  const client = new PgliteWithStatements(pgliteBytea);
  const both = [plain, client];
  // drizzle's own options: rows as arrays, dates and timestamps left as text.
  const drizzleOptions = {
    rowMode: "array" as const,
    parsers: { 1114: (value: string) => value, 1184: (value: string) => value },
  };

  beforeAll(async () => {
    for (const db of both) {
      await db.exec(`
        create table things (
          id integer primary key generated always as identity,
          name text not null unique,
          tags text[] not null default '{}',
          at timestamptz,
          data bytea,
          details jsonb
        )`);
    }
  });
  afterAll(async () => {
    await plain.close();
    await client.close();
  });

  it("answers what PGlite's own query answers, for every kind of value, asked again and again", async () => {
    const insert =
      "insert into things (name, tags, at, data, details) values ($1, $2, $3, $4, $5) returning *";
    const select = "select * from things where name = any($1::text[]) order by id";
    const values = (n: number) => [
      `thing ${n}`,
      ["a", `b ${n}`],
      new Date(Date.UTC(2026, 10, n, 9, 30)),
      Uint8Array.from([0, 255, n]),
      { n, nested: [n, null] },
    ];
    // PGlite's own start-up query (its array types) is one already.
    const before = await preparedNames(client);
    for (const db of both) {
      for (let n = 1; n <= 3; n += 1) await db.query(insert, values(n));
      await db.query(insert, ["no extras", [], null, null, null]);
    }
    const names = [["thing 1", "thing 3", "no extras"]];
    for (const options of [undefined, drizzleOptions]) {
      const expected = await plain.query(select, names, options);
      for (let ask = 0; ask < 3; ask += 1) {
        const answered = await client.query(select, names, options);
        expect(answered.rows).toEqual(expected.rows);
        expect(answered.fields).toEqual(expected.fields);
      }
    }
    const updated = await client.query("update things set tags = $1 where id > $2", [["z"], 1]);
    expect(updated.affectedRows).toBe(3);
    // One name per text, however often it was asked.
    expect(client.preparedCount).toBe(before.length + 3);
    expect(await preparedNames(client)).toHaveLength(before.length + 3);
    expect(await preparedNames(plain)).toEqual([]);
  });

  it("keeps a transaction's statements in it: a rollback undoes them, and they stay prepared", async () => {
    const insert = "insert into things (name) values ($1)";
    const count = "select count(*)::int as n from things where name like 'tx %'";
    await client.transaction(async (tx) => {
      await tx.query(insert, ["tx kept"]);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, ["tx undone"]);
        expect((await tx.query<{ n: number }>(count)).rows[0]?.n).toBe(2);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await client.query<{ n: number }>(count)).rows[0]?.n).toBe(1);
    await client.transaction(async (tx) => {
      await tx.query(insert, ["tx again"]);
    });
    expect((await client.query<{ n: number }>(count)).rows[0]?.n).toBe(2);
  });

  it("fails as PGlite does, with PostgreSQL's code, and the statement still works after", async () => {
    const insert = "insert into things (name) values ($1)";
    await client.query(insert, ["unique"]);
    await expect(client.query(insert, ["unique"])).rejects.toMatchObject({ code: "23505" });
    await expect(client.query("select nonsense from things")).rejects.toMatchObject({
      code: "42703",
    });
    await client.query(insert, ["unique too"]);
    const { rows } = await client.query<{ name: string }>(
      "select name from things where name like 'unique%' order by name",
    );
    expect(rows.map((row) => row.name)).toEqual(["unique", "unique too"]);
    // A value a serializer refuses is refused before it reaches the database.
    await expect(client.query("select $1::bytea", ["not bytes"])).rejects.toThrow(
      "A bytea value must be bytes",
    );
  });

  it("keeps only the most recently used texts prepared, closing the rest in the database", async () => {
    const lru = new PgliteWithStatements();
    try {
      lru.preparedLimit = 2;
      const texts = ["select 1 as n", "select 2 as n", "select 3 as n"];
      for (const text of texts) await lru.query(text);
      // The first was given up for the third; asking the second again keeps it.
      await lru.query(texts[1] ?? "");
      await lru.query("select 4 as n");
      expect(lru.preparedCount).toBe(2);
      expect(await preparedNames(lru)).toHaveLength(2);
      for (const [i, text] of texts.entries()) {
        expect((await lru.query<{ n: number }>(text)).rows).toEqual([{ n: i + 1 }]);
      }
      expect(await preparedNames(lru)).toHaveLength(2);
    } finally {
      await lru.close();
    }
  });

  it("leaves what is not a plain query to PGlite: DDL, and settings", async () => {
    const before = await preparedNames(client);
    await client.query("create table other (id integer)");
    await client.query("set statement_timeout = 0");
    await client.query("drop table other");
    expect(await preparedNames(client)).toEqual(before);
    expect(client.preparedCount).toBe(before.length);
  });
});
