import { STORED_BYTES_QUERY } from "@life-admin/api/stored-bytes-query";
import { describe, expect, it } from "vitest";
import { fileReadsScript } from "../src/support/database-file-reads.js";

describe("the database's own reads of a person's files", () => {
  it("reads each file's stored bytes by the API's statement, in binary, in the order given", () => {
    const statement = (id: number) => STORED_BYTES_QUERY.replace("$1", String(id));
    expect(STORED_BYTES_QUERY).toContain('"file_contents"."file_id" = $1');
    expect(fileReadsScript([7, 8]).split("\n")).toEqual([
      `\\copy (${statement(7)}) to '/dev/null' (format binary)`,
      `\\copy (${statement(8)}) to '/dev/null' (format binary)`,
      "",
    ]);
  });
});
