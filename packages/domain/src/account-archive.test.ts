// issue 22, decisions D9: which archive versions are read, and how an older archive is read: a
// version 1 archive, from before intervals, has every schedule every 1, a version 1 or 2 one, from
// before skips, has no completion skipped, and a version 1, 2 or 3 one, from before a series could
// end, has every task with no end; nothing else changes, and the current version's records are
// judged as they are.
import { describe, expect, it } from "vitest";
import {
  ARCHIVE_VERSION,
  ARCHIVE_VERSIONS_READ,
  AccountArchiveSchema,
  asCurrentArchive,
} from "./account-archive.js";

/**
 * A whole archive of one weekly task completed once, as `version` wrote it (with `task`'s fields
 * on the task, `completion`'s on its completion).
 */
function archiveOf(
  version: number,
  completion: Record<string, unknown>,
  task: Record<string, unknown> = {},
) {
  return {
    format: "life-admin-account",
    version,
    exported_at: "2026-11-27T12:00:00.000Z",
    user: {
      email: "a@example.test",
      full_name: null,
      time_zone: "UTC",
      time_zone_chosen: false,
      email_reminders: false,
      reminder_hour: 8,
      currency: null,
    },
    tasks: [
      {
        uid: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
        title: "Put the bins out",
        notes: null,
        category: null,
        due_date: "2026-11-08T07:00:00.000Z",
        anchor_at: "2026-11-01T07:00:00.000Z",
        occurrence: 1,
        frequency: "Weekly",
        interval: 1,
        priority: "Medium",
        completed: false,
        created_at: "2026-10-30T08:00:00.000Z",
        file_uid: null,
        completions: [
          {
            due_date: "2026-11-01T07:00:00.000Z",
            occurrence: 0,
            anchor_at: "2026-11-01T07:00:00.000Z",
            frequency: "Weekly",
            interval: 1,
            completed_at: "2026-11-01T08:00:00.000Z",
            ...completion,
          },
        ],
        ...task,
      },
    ],
    subscriptions: [],
    files: [],
  };
}

describe("the archive's versions", () => {
  it("writes the last version it reads", () => {
    expect(ARCHIVE_VERSIONS_READ.at(-1)).toBe(ARCHIVE_VERSION);
  });

  it("reads a version 1 archive's schedules as every 1, its completions as not skipped and its tasks as never ending", () => {
    const older = {
      version: 1,
      user: { email: "a@example.test" },
      tasks: [{ title: "Water", completions: [{ occurrence: 0 }] }],
      subscriptions: [{ name: "Gym" }],
      files: [],
    };
    expect(asCurrentArchive(older)).toEqual({
      ...older,
      tasks: [
        {
          title: "Water",
          interval: 1,
          repeat_until: null,
          completions: [{ occurrence: 0, interval: 1, skipped: false }],
        },
      ],
      subscriptions: [{ name: "Gym", interval: 1 }],
    });
  });

  it("reads a version 2 archive's completions as not skipped and its tasks as never ending, keeping its intervals", () => {
    const older = {
      version: 2,
      tasks: [{ title: "Water", interval: 2, completions: [{ occurrence: 0, interval: 2 }] }],
      subscriptions: [{ name: "Gym", interval: 3 }],
    };
    expect(asCurrentArchive(older)).toEqual({
      ...older,
      tasks: [
        {
          title: "Water",
          interval: 2,
          repeat_until: null,
          completions: [{ occurrence: 0, interval: 2, skipped: false }],
        },
      ],
    });
  });

  it("reads a version 3 archive's tasks as never ending, keeping its skips and intervals", () => {
    const older = {
      version: 3,
      tasks: [{ title: "Water", interval: 2, completions: [{ occurrence: 0, skipped: true }] }],
      subscriptions: [{ name: "Gym", interval: 3 }],
    };
    expect(asCurrentArchive(older)).toEqual({
      ...older,
      tasks: [{ ...older.tasks[0], repeat_until: null }],
    });
  });

  it("takes a version 2 archive whole, every completion done and no series ending", () => {
    const parsed = AccountArchiveSchema.parse(asCurrentArchive(archiveOf(2, {})));
    expect(parsed.tasks[0]?.completions.map((completion) => completion.skipped)).toEqual([false]);
    expect(parsed.tasks[0]?.repeat_until).toBeNull();
  });

  it("takes a version 3 archive's skip as a skip, its series with no end", () => {
    const parsed = AccountArchiveSchema.parse(asCurrentArchive(archiveOf(3, { skipped: true })));
    expect(parsed.tasks[0]?.completions.map((completion) => completion.skipped)).toEqual([true]);
    expect(parsed.tasks[0]?.repeat_until).toBeNull();
  });

  it("takes a version 4 archive's end of a series as its end", () => {
    const ending = archiveOf(4, { skipped: false }, { repeat_until: "2026-12-20" });
    const parsed = AccountArchiveSchema.parse(asCurrentArchive(ending));
    expect(parsed.tasks[0]?.repeat_until).toBe("2026-12-20");
  });

  it("refuses a version 4 archive whose task does not say when its series ends", () => {
    const result = AccountArchiveSchema.safeParse(
      asCurrentArchive(archiveOf(4, { skipped: false })),
    );
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["tasks", 0, "repeat_until"]]);
  });

  it("refuses an end of a series that is no date", () => {
    const badDate = archiveOf(4, { skipped: false }, { repeat_until: "2026-02-30" });
    const result = AccountArchiveSchema.safeParse(asCurrentArchive(badDate));
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["tasks", 0, "repeat_until"]]);
  });

  it("refuses a version 3 archive whose completion does not say whether it was skipped", () => {
    const result = AccountArchiveSchema.safeParse(asCurrentArchive(archiveOf(3, {})));
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ["tasks", 0, "completions", 0, "skipped"],
    ]);
  });

  it("leaves the current version, and what is no record, for the schema to judge", () => {
    const current = { version: 4, tasks: [{ title: "Water" }], subscriptions: [] };
    expect(asCurrentArchive(current)).toBe(current);
    expect(asCurrentArchive([1])).toEqual([1]);
    const odd = { version: 1, tasks: "none", subscriptions: [null, 3] };
    expect(asCurrentArchive(odd)).toEqual(odd);
    const notOne = { version: "2", tasks: [{ completions: [{}] }] };
    expect(asCurrentArchive(notOne)).toBe(notOne);
  });
});
