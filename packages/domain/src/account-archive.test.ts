// issue 22, decisions D9: which archive versions are read, and how a version 1 archive, from before
// intervals, is read: every schedule every 1, and nothing else changed.
import { describe, expect, it } from "vitest";
import { ARCHIVE_VERSION, ARCHIVE_VERSIONS_READ, asCurrentArchive } from "./account-archive.js";

describe("the archive's versions", () => {
  it("writes the last version it reads", () => {
    expect(ARCHIVE_VERSIONS_READ.at(-1)).toBe(ARCHIVE_VERSION);
  });

  it("reads a version 1 archive's tasks, completions and subscriptions as every 1", () => {
    const older = {
      version: 1,
      user: { email: "a@example.test" },
      tasks: [{ title: "Water", completions: [{ occurrence: 0 }] }],
      subscriptions: [{ name: "Gym" }],
      files: [],
    };
    expect(asCurrentArchive(older)).toEqual({
      ...older,
      tasks: [{ title: "Water", interval: 1, completions: [{ occurrence: 0, interval: 1 }] }],
      subscriptions: [{ name: "Gym", interval: 1 }],
    });
  });

  it("leaves any other version, and what is no record, for the schema to judge", () => {
    const newer = { version: 2, tasks: [{ title: "Water" }], subscriptions: [] };
    expect(asCurrentArchive(newer)).toBe(newer);
    expect(asCurrentArchive([1])).toEqual([1]);
    const odd = { version: 1, tasks: "none", subscriptions: [null, 3] };
    expect(asCurrentArchive(odd)).toEqual(odd);
  });
});
