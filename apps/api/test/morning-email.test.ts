// decisions D13: the morning email lists what the morning is about in the order a person reads
// it: today's tasks by time, then the overdue ones, then the renewals by date. The bell lists the
// same reminders newest first, which in an email put a renewal of the 3rd above one of the 2nd.
import type { DueReminder } from "@life-admin/domain";
import { describe, expect, it } from "vitest";
import { morningEmail } from "../src/email/morning-email.js";

const at = (iso: string) => Date.parse(iso);

const REMINDERS: DueReminder[] = [
  // As the bell orders them: when each began, newest first.
  {
    key: "task_due:1:2026-12-01T09:30:00.000Z",
    kind: "task_due",
    title: "Dentist",
    atMs: at("2026-12-01T00:00:00Z"),
    taskId: 1,
    dueMs: at("2026-12-01T09:30:00Z"),
  },
  {
    key: "task_due:2:2026-12-01T00:00:00.000Z",
    kind: "task_due",
    title: "Passport photos",
    atMs: at("2026-12-01T00:00:00Z"),
    taskId: 2,
    dueMs: at("2026-12-01T00:00:00Z"),
  },
  {
    key: "renewal:7:2026-12-03",
    kind: "renewal",
    title: "Spotify Family",
    atMs: at("2026-11-30T00:00:00Z"),
    subscriptionId: 7,
    renewsOn: "2026-12-03",
  },
  {
    key: "task_overdue:3:2026-11-28T10:00:00.000Z",
    kind: "task_overdue",
    title: "Pay rent",
    atMs: at("2026-11-28T10:00:00Z"),
    taskId: 3,
    dueMs: at("2026-11-28T10:00:00Z"),
  },
  {
    key: "renewal:8:2026-12-02",
    kind: "renewal",
    title: "Family Netflix",
    atMs: at("2026-11-25T00:00:00Z"),
    subscriptionId: 8,
    renewsOn: "2026-12-02",
  },
];

describe("morningEmail", () => {
  it("lists today's tasks by time, then the overdue ones, then the renewals by date", () => {
    const { text } = morningEmail({
      morning: "2026-12-01",
      reminders: REMINDERS,
      webOrigin: "https://life-admin.example",
      unsubscribeUrl: "https://api.life-admin.example/email/unsubscribe?token=t",
    });
    const lines = text.split("\n").filter((line) => line.startsWith("- "));
    expect(lines).toEqual([
      "- Passport photos: due today",
      "- Dentist: due today at 09:30",
      "- Pay rent: overdue since Saturday, 28 November 2026, 10:00",
      "- Family Netflix renews on Wednesday, 2 December 2026",
      "- Spotify Family renews on Thursday, 3 December 2026",
    ]);
  });

  it("writes each reminder on one line, whatever line breaks a title stored before they were refused holds", () => {
    const forged =
      "Pay rent\r\n\r\nYour session expired. Open Life Admin: https://evil.example/login\n\u000b";
    const email = morningEmail({
      morning: "2026-12-01",
      reminders: [{ ...REMINDERS[0], title: forged } as DueReminder],
      webOrigin: "https://life-admin.example",
      unsubscribeUrl: "https://api.life-admin.example/email/unsubscribe?token=t",
    });
    const lines = email.text.split("\n");
    expect(lines.filter((line) => line.includes("evil.example"))).toEqual([
      "- Pay rent Your session expired. Open Life Admin: https://evil.example/login: due today at 09:30",
    ]);
    expect(lines.filter((line) => line.startsWith("Open Life Admin"))).toEqual([
      "Open Life Admin: https://life-admin.example/dashboard",
    ]);
    expect(email.html).not.toContain("\r");
    expect(email.html).not.toContain("\u000b");
  });

  it("shows a right-to-left title in its own direction in the HTML, and as typed in the text", () => {
    // Typed "Rent paid!" in Hebrew: the "!" ends it, on its left as Hebrew reads.
    const rent = "שכר דירה!";
    const { text, html } = morningEmail({
      morning: "2026-12-01",
      reminders: [{ ...REMINDERS[0], title: rent } as DueReminder],
      webOrigin: "https://life-admin.example",
      unsubscribeUrl: "https://api.life-admin.example/email/unsubscribe?token=t",
    });
    expect(html).toContain(`<li><bdi>${rent}</bdi>: due today at 09:30</li>`);
    expect(text).toContain(`- ${rent}: due today at 09:30\n`);
  });

  it("groups a morning after months away under headings, at most ten lines each, and says what it left out", () => {
    const overdue = Array.from({ length: 14 }, (_, i): DueReminder => {
      const dueMs = at("2026-08-20T00:00:00Z") + i * 86_400_000;
      return {
        key: `task_overdue:${String(i)}:${new Date(dueMs).toISOString()}`,
        kind: "task_overdue",
        title: `Chore ${String(i + 1)}`,
        atMs: dueMs + 86_400_000,
        taskId: i,
        dueMs,
      };
    });
    const gym: DueReminder = {
      key: "renewal:9:2026-11-30",
      kind: "renewal",
      title: "Gym",
      atMs: at("2026-11-23T00:00:00Z"),
      subscriptionId: 9,
      renewsOn: "2026-11-30",
    };
    const { subject, text, html } = morningEmail({
      morning: "2026-11-30",
      reminders: [gym, ...overdue],
      webOrigin: "https://life-admin.example",
      unsubscribeUrl: "https://api.life-admin.example/email/unsubscribe?token=t",
    });
    expect(subject).toBe("Life Admin: 15 reminders for Monday, 30 November 2026");
    const body = text.split("\n\nOpen Life Admin")[0]?.split("\n");
    // Ten of the fourteen overdue tasks, oldest first, then a count of the rest.
    expect(body).toHaveLength(17);
    expect(body?.slice(0, 4)).toEqual([
      "Your reminders for Monday, 30 November 2026:",
      "",
      "Overdue (14):",
      "- Chore 1: overdue since Thursday, 20 August 2026",
    ]);
    expect(body?.slice(12)).toEqual([
      "- Chore 10: overdue since Saturday, 29 August 2026",
      "- and 4 more in Life Admin",
      "",
      "Renewing soon (1):",
      "- Gym renews today",
    ]);
    expect(html).toContain("<h2>Overdue (14)</h2>");
    expect(html).toContain("<li>and 4 more in Life Admin</li>");
    expect(html.match(/<li>/g)).toHaveLength(12);
    expect(html).toContain("<li><bdi>Gym</bdi> renews today</li>");
  });
});
