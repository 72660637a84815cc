import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteBytea } from "./bytea.js";

describe("bytea on PGlite", () => {
  const client = new PGlite(pgliteBytea);
  afterAll(() => client.close());

  it("stores and reads back every byte value exactly, as PostgreSQL itself has them", async () => {
    const all = Uint8Array.from({ length: 1024 }, (_, i) => i % 256);
    // A view into a larger buffer, as Node hands over the bytes of an upload.
    const bytes = all.subarray(3, 700);
    const { rows } = await client.query<{ stored: Uint8Array; hex: string }>(
      "select $1::bytea as stored, encode($1::bytea, 'hex') as hex",
      [bytes],
    );
    expect(Array.from(rows[0]?.stored ?? [])).toEqual(Array.from(bytes));
    expect(rows[0]?.hex).toBe(Buffer.from(bytes).toString("hex"));
  });

  it("reads empty bytes as empty, and refuses to store what is not bytes", async () => {
    const { rows } = await client.query<{ stored: Uint8Array }>("select ''::bytea as stored");
    expect(rows[0]?.stored.byteLength).toBe(0);
    await expect(client.query("select $1::bytea", ["not bytes"])).rejects.toThrow(
      "A bytea value must be bytes",
    );
  });
});
