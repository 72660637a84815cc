import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FREQUENCIES } from "./enums.js";
import { occurrenceAt } from "./recurrence.js";
import { completeOccurrence } from "./task-completion.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("completeOccurrence (decisions D9)", () => {
  it("marks a task that happens once as completed, where it was", () => {
    const anchorMs = at("2026-03-01T09:00:00Z");
    expect(completeOccurrence({ anchorMs, frequency: "Once", occurrence: 0 })).toEqual({
      dueMs: anchorMs,
      occurrence: 0,
      completed: true,
    });
  });

  it("moves a recurring task to its next occurrence and keeps it pending", () => {
    const anchorMs = at("2026-03-01T09:00:00Z");
    const next = (frequency: (typeof FREQUENCIES)[number]) =>
      iso(completeOccurrence({ anchorMs, frequency, occurrence: 0 }).dueMs);
    expect(next("Daily")).toBe("2026-03-02T09:00:00.000Z");
    expect(next("Weekly")).toBe("2026-03-08T09:00:00.000Z");
    expect(next("Monthly")).toBe("2026-04-01T09:00:00.000Z");
    expect(next("Yearly")).toBe("2027-03-01T09:00:00.000Z");
    expect(completeOccurrence({ anchorMs, frequency: "Daily", occurrence: 0 })).toMatchObject({
      occurrence: 1,
      completed: false,
    });
  });

  it("counts from the anchor, so a monthly task from Jan 31 goes to Feb 28, Mar 31, Apr 30", () => {
    const anchorMs = at("2026-01-31T08:00:00Z");
    let schedule = { anchorMs, frequency: "Monthly" as const, occurrence: 0 };
    const dues: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const done = completeOccurrence(schedule);
      dues.push(iso(done.dueMs));
      schedule = { ...schedule, occurrence: done.occurrence };
    }
    expect(dues).toEqual([
      "2026-02-28T08:00:00.000Z",
      "2026-03-31T08:00:00.000Z",
      "2026-04-30T08:00:00.000Z",
    ]);
  });

  it("always lands on the occurrence after the current one, for any anchor and frequency", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.constantFrom(...FREQUENCIES),
        fc.nat({ max: 500 }),
        (anchorMs, frequency, occurrence) => {
          const done = completeOccurrence({ anchorMs, frequency, occurrence });
          expect(done.dueMs).toBe(occurrenceAt(anchorMs, frequency, occurrence + 1));
          expect(done.dueMs).toBeGreaterThan(occurrenceAt(anchorMs, frequency, occurrence));
        },
      ),
    );
  });
});
