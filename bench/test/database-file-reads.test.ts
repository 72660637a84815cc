import { describe, expect, it } from "vitest";
import { fileReadsScript } from "../src/support/database-file-reads.js";

describe("the database's own reads of a person's files", () => {
  it("reads each file's stored bytes in binary, in the order given, and drops them", () => {
    expect(fileReadsScript([7, 8]).split("\n")).toEqual([
      "\\copy (select iv, auth_tag, ciphertext, coalesce(sealed_sha256, ''::bytea) from file_contents where file_id = 7) to '/dev/null' (format binary)",
      "\\copy (select iv, auth_tag, ciphertext, coalesce(sealed_sha256, ''::bytea) from file_contents where file_id = 8) to '/dev/null' (format binary)",
      "",
    ]);
  });
});
