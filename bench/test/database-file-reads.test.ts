import { STORED_SLICE_BYTES, storedBytesQuery } from "@life-admin/api/stored-bytes-query";
import { describe, expect, it } from "vitest";
import { fileReadsScript } from "../src/support/database-file-reads.js";

describe("the database's own reads of a person's files", () => {
  it("reads each file's stored bytes by the API's statement on PostgreSQL, in binary, in order", () => {
    const query = storedBytesQuery(STORED_SLICE_BYTES.postgres);
    const statement = (id: number) => query.replace("$1", String(id));
    expect(query).toContain('"file_contents"."file_id" = $1');
    expect(fileReadsScript([7, 8]).split("\n")).toEqual([
      `\\copy (${statement(7)}) to '/dev/null' (format binary)`,
      `\\copy (${statement(8)}) to '/dev/null' (format binary)`,
      "",
    ]);
  });
});
