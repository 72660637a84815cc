// Issue 20, decisions D12-D13: the morning reminder email as the person and their mail server see
// it: delivered to a real SMTP server on loopback by the job engine (pg-boss on this suite's
// database), with that morning's reminders in text and HTML, the RFC 8058 unsubscribe headers and
// a link that works; never sent while off, never twice, retried and then shown when refused; sent
// after a worker died holding it, as soon as its claim ends, and by a worker as soon as it starts.
import { UserSchema, addDays, utcDateAt } from "@life-admin/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reminderMornings } from "../src/db/schema.js";
import { type JobEngine, startJobEngine } from "../src/jobs/job-engine.js";
import { type MorningJob, morningEmailSender } from "../src/jobs/reminder-emails.js";
import { type Mailer, createMailer } from "../src/email/mailer.js";
import { call, get, post } from "./support/http.js";
import { FAST_JOBS as FAST, openMailedApp } from "./support/mailed-app.js";
import type { TestMailbox } from "./support/test-mailbox.js";
import { type TestApp, createTestApp, signInAs, testConfig } from "./support/test-app.js";

/** What a person waits for at most: a job picked up, retried, its email accepted. */
const WAIT = { timeout: 20_000, interval: 100 };

let clock = new Date("2026-12-07T07:59:00Z");
let mailbox: TestMailbox;
let t: TestApp;
let engine: JobEngine;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, mailbox, engine, close } = await openMailedApp(() => clock));
});

afterAll(() => close());

async function person(
  settings: object = { email_reminders: true, time_zone: "Europe/London" },
  on: TestApp = t,
) {
  const t = on;
  const { user, tokens } = await signInAs(t.deps);
  const token = tokens.access_token;
  const res = await call(t.app, "PATCH", "/users/me", { token, body: settings });
  expect(res.status, res.text).toBe(200);
  return {
    id: user.id,
    email: user.email,
    token,
    async me() {
      // Signed in again: the clock may have moved past the first sign-in's token.
      const fresh = (await t.deps.tokens.issueSignIn(user.id)).access_token;
      const res = await get(t.app, "/users/me", { token: fresh });
      expect(res.status, res.text).toBe(200);
      return UserSchema.parse(res.body);
    },
    async create(path: string, body: object) {
      const created = await post(t.app, path, { token, body });
      expect(created.status, created.text).toBe(201);
    },
  };
}

const NETFLIX = {
  name: "Netflix",
  cost: 15.99,
  frequency: "Monthly",
  next_renewal_date: "2026-12-14",
  remind_days_before: 7,
  priority: "Medium",
};

const mailTo = (email: string) =>
  mailbox.messages.filter((m) => m.to !== undefined && JSON.stringify(m.to).includes(email));

async function morningOf(userId: number, morning: string, on: TestApp = t) {
  const [row] = await on.deps.database.db
    .select()
    .from(reminderMornings)
    .where(and(eq(reminderMornings.userId, userId), eq(reminderMornings.morning, morning)));
  return row;
}

describe("the morning reminder email", () => {
  it("goes out once at the person's hour with that morning's reminders, in text and HTML, with one-click unsubscribe", async () => {
    clock = new Date("2026-12-07T07:59:00Z");
    const alice = await person();
    await alice.create("/subscriptions/", NETFLIX);
    await alice.create("/tasks/", {
      title: "Pay rent",
      due_date: "2026-12-07T09:30:00Z",
      frequency: "Once",
      priority: "High",
    });
    expect(await engine.sweepMornings()).toBe(0);

    clock = new Date("2026-12-07T08:00:00Z");
    expect(await engine.sweepMornings()).toBe(1);
    await vi.waitFor(() => {
      expect(mailTo(alice.email)).toHaveLength(1);
    }, WAIT);
    const [mail] = mailTo(alice.email);
    expect(mail?.from?.text).toBe('"Life Admin" <reminders@example.test>');
    expect(mail?.subject).toBe("Life Admin: 2 reminders for Monday, 7 December 2026");
    expect(mail?.messageId).toBe(`<reminders.${alice.id}.2026-12-07@127.0.0.1>`);
    expect(mail?.text).toContain("- Netflix renews on Monday, 14 December 2026");
    expect(mail?.text).toContain("- Pay rent: due today at 09:30");
    expect(mail?.html).toContain("<li><bdi>Netflix</bdi> renews on Monday, 14 December 2026</li>");
    expect(mail?.html).not.toMatch(/<img/i);
    // The headers as written on the wire (RFC 8058), unfolded.
    const header = (name: string) =>
      mail?.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, " ");
    const link =
      /^List-Unsubscribe: <(http:\/\/127\.0\.0\.1:8000\/email\/unsubscribe\?token=[^>]+)>$/.exec(
        header("list-unsubscribe") ?? "",
      )?.[1];
    expect(link).toBeDefined();
    const unsubscribe = { url: link ?? "" };
    expect(header("list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    expect(mail?.text).toContain(`Unsubscribe: ${unsubscribe.url}`);
    // Sent by a machine (RFC 3834): the person's out-of-office reply does not answer it each
    // morning, nor does Exchange's.
    expect(header("auto-submitted")).toBe("Auto-Submitted: auto-generated");
    expect(header("x-auto-response-suppress")).toBe("X-Auto-Response-Suppress: OOF, AutoReply");

    // Recorded as sent: the mailbox has the message a moment before the engine hears that the
    // server took it, and a claim not yet marked sent is taken again once its lease has run out.
    await vi.waitFor(async () => {
      expect((await morningOf(alice.id, "2026-12-07"))?.sentAt).not.toBeNull();
    }, WAIT);
    // Later that morning, and the next: nothing new, nothing sent again.
    clock = new Date("2026-12-07T10:00:00Z");
    expect(await engine.sweepMornings()).toBe(0);
    clock = new Date("2026-12-08T08:00:00Z");
    expect(await engine.sweepMornings()).toBe(1);
    await vi.waitFor(async () => {
      expect((await morningOf(alice.id, "2026-12-08"))?.sentAt).not.toBeNull();
    }, WAIT);
    // The rent became overdue on the 7th: that is the one new reminder, sent the 8th.
    await vi.waitFor(() => {
      expect(mailTo(alice.email)).toHaveLength(2);
    }, WAIT);
    expect(mailTo(alice.email)[1]?.text).toContain(
      "- Pay rent: overdue since Monday, 7 December 2026, 09:30",
    );
    expect(mailTo(alice.email)[1]?.text).not.toContain("Netflix");

    // The link: a mail client's one-click POST turns the email off.
    const path = unsubscribe.url.replace("http://127.0.0.1:8000", "");
    const page = await get(t.app, path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    const res = await t.app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect((await alice.me()).email_reminders).toBe(false);
    clock = new Date("2026-12-09T08:00:00Z");
    expect(await engine.sweepMornings()).toBe(0);
  });

  it("is sent in the person's own morning, at the hour they chose", async () => {
    clock = new Date("2026-12-07T12:00:00Z"); // 07:00 in New York
    const bob = await person({
      email_reminders: true,
      time_zone: "America/New_York",
      reminder_hour: 7,
    });
    await bob.create("/subscriptions/", NETFLIX);
    clock = new Date("2026-12-07T11:59:00Z");
    expect(await engine.sweepMornings()).toBe(0);
    clock = new Date("2026-12-07T12:00:00Z");
    expect(await engine.sweepMornings()).toBe(1);
    await vi.waitFor(() => {
      expect(mailTo(bob.email)).toHaveLength(1);
    }, WAIT);
  });

  it("names the person's own date, a day ahead of UTC's in Auckland, and says today by it", async () => {
    clock = new Date("2026-12-07T18:00:00Z"); // 07:00 on Tuesday the 8th in Auckland (UTC+13)
    const kiri = await person({
      email_reminders: true,
      time_zone: "Pacific/Auckland",
      reminder_hour: 7,
    });
    await kiri.create("/subscriptions/", { ...NETFLIX, next_renewal_date: "2026-12-08" });
    await kiri.create("/tasks/", {
      title: "Dentist",
      due_date: "2026-12-08T09:30:00Z",
      frequency: "Once",
      priority: "High",
    });
    expect(await engine.sweepMornings()).toBe(1);
    await vi.waitFor(() => {
      expect(mailTo(kiri.email)).toHaveLength(1);
    }, WAIT);
    const [mail] = mailTo(kiri.email);
    expect(mail?.subject).toBe("Life Admin: 2 reminders for Tuesday, 8 December 2026");
    expect(mail?.text).toContain("- Dentist: due today at 09:30\n");
    expect(mail?.text).toContain("- Netflix renews today\n");
  });

  it("is never sent while off, and an unknown unsubscribe token changes nothing", async () => {
    clock = new Date("2026-12-07T09:00:00Z");
    const carol = await person({ time_zone: "Europe/London" });
    await carol.create("/subscriptions/", NETFLIX);
    const me = await carol.me();
    expect(me).toMatchObject({
      email_reminders: false,
      reminder_hour: 8,
      email_available: true,
      email_last_error: null,
    });
    expect(await engine.sweepMornings()).toBe(0);
    expect(mailTo(carol.email)).toHaveLength(0);
    const bad = await post(t.app, `/email/unsubscribe?token=${carol.id}.${"A".repeat(43)}`);
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({
      detail:
        "This unsubscribe link is not valid (it may be from before the server's keys changed); " +
        "turn the reminder emails off in Life Admin's settings",
    });
    expect((await carol.me()).email_reminders).toBe(false);
  });

  it("refuses an hour outside 0-23", async () => {
    const dave = await person({});
    const res = await call(t.app, "PATCH", "/users/me", {
      token: dave.token,
      body: { reminder_hour: 24 },
    });
    expect(res.status).toBe(422);
  });

  it("is sent once when two workers race over the same morning", async () => {
    clock = new Date("2026-12-07T09:00:00Z");
    const erin = await person();
    await erin.create("/subscriptions/", NETFLIX);
    const second = await startJobEngine(t.deps, FAST);
    try {
      const queued = await Promise.all([engine.sweepMornings(), second.sweepMornings()]);
      expect(queued).toEqual([1, 1]);
      // And two sends of one morning side by side, past the queue: the ledger lets one through.
      const { email } = t.deps.config;
      if (email === null) throw new Error("this suite's app has SMTP_URL");
      const mailer = createMailer(email);
      const send = morningEmailSender({
        db: t.deps.database.db,
        config: t.deps.config,
        mailer,
        unsubscribeTokens: t.deps.unsubscribeTokens,
        now: () => clock,
        leaseMs: 300_000,
        queueAt: second.queueMorning,
      });
      const job = { userId: erin.id, morning: "2026-12-07" };
      const outcomes = await Promise.all([
        send(job, { jobId: "racer-1", final: false }),
        send(job, { jobId: "racer-2", final: false }),
      ]);
      mailer.close();
      await vi.waitFor(async () => {
        expect((await morningOf(erin.id, "2026-12-07"))?.sentAt).not.toBeNull();
      }, WAIT);
      expect(outcomes.filter((o) => o === "sent").length).toBeLessThanOrEqual(1);
      await vi.waitFor(() => {
        expect(mailTo(erin.email)).toHaveLength(1);
      }, WAIT);
      expect(await engine.sweepMornings()).toBe(0);
      expect(mailTo(erin.email)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it("is retried when the mail server refuses it, then shown to the person, and its reminders go out the next morning", async () => {
    clock = new Date("2026-12-07T09:00:00Z");
    const frank = await person();
    await frank.create("/subscriptions/", NETFLIX);
    const before = mailbox.attempts();
    mailbox.refuse(true);
    try {
      expect(await engine.sweepMornings()).toBe(1);
      await vi.waitFor(async () => {
        expect((await frank.me()).email_last_error).not.toBeNull();
      }, WAIT);
    } finally {
      mailbox.refuse(false);
    }
    // The first try and both retries (FAST.retry.limit), each refused.
    expect(mailbox.attempts() - before).toBe(3);
    expect((await frank.me()).email_last_error).toMatchObject({
      morning: "2026-12-07",
      message: expect.stringContaining("451") as unknown,
    });
    // Given up on for that morning: no sweep queues it again...
    expect(await engine.sweepMornings()).toBe(0);
    // ...and the next morning carries the renewal that was not delivered, and clears the error.
    clock = new Date("2026-12-08T09:00:00Z");
    expect(await engine.sweepMornings()).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => {
      expect(mailTo(frank.email)).toHaveLength(1);
    }, WAIT);
    expect(mailTo(frank.email)[0]?.text).toContain("Netflix renews on");
    await vi.waitFor(async () => {
      expect((await frank.me()).email_last_error).toBeNull();
    }, WAIT);
  });

  it("says a task left without a time is due today on its own morning, and overdue since its day the next", async () => {
    // 08:00 in Honolulu (UTC-10) on the 7th is 18:00 UTC: the 7th there all through.
    clock = new Date("2026-12-07T18:00:00Z");
    const ivan = await person({ email_reminders: true, time_zone: "Pacific/Honolulu" });
    await ivan.create("/tasks/", {
      title: "Passport photos",
      due_date: "2026-12-07T00:00:00Z",
      frequency: "Once",
      priority: "Medium",
    });
    await engine.sweepMornings();
    await vi.waitFor(() => {
      expect(mailTo(ivan.email)).toHaveLength(1);
    }, WAIT);
    expect(mailTo(ivan.email)[0]?.text).toContain("- Passport photos: due today\n");

    clock = new Date("2026-12-08T18:00:00Z");
    await engine.sweepMornings();
    await vi.waitFor(() => {
      expect(mailTo(ivan.email)).toHaveLength(2);
    }, WAIT);
    expect(mailTo(ivan.email)[1]?.text).toContain(
      "- Passport photos: overdue since Monday, 7 December 2026\n",
    );
  });
});

describe("after a worker died, and when one starts", () => {
  // On the real clock: pg-boss defers a job by the database's clock, which a test clock would not move.
  let live: TestApp;
  const today = () => utcDateAt(Date.now());
  const dueToday = { email_reminders: true, time_zone: "UTC", reminder_hour: 0 };
  const renewingSoon = () => ({ ...NETFLIX, next_renewal_date: addDays(today(), 3) });

  beforeAll(async () => {
    live = await createTestApp({
      config: testConfig({ SMTP_URL: mailbox.url, REMINDER_LEASE_SECONDS: "1" }),
    });
  });
  afterAll(async () => {
    await live.close();
  });

  /** A sender on this block's app, outside any job engine. */
  const senderOf = (
    mailer: Mailer,
    leaseMs: number,
    queueAt: (job: MorningJob, notBefore: Date) => Promise<void>,
  ) =>
    morningEmailSender({
      db: live.deps.database.db,
      config: live.deps.config,
      mailer,
      unsubscribeTokens: live.deps.unsubscribeTokens,
      now: () => new Date(),
      leaseMs,
      queueAt,
    });
  /** A worker that claims the morning and is never heard of again, as if killed mid-send. */
  const claimAndDie = async (job: MorningJob, leaseMs: number) => {
    const silent: Mailer = {
      send: () => new Promise<void>(() => undefined),
      close: () => undefined,
    };
    const claimsFirst = () => Promise.reject(new Error("this worker claims the morning first"));
    void senderOf(silent, leaseMs, claimsFirst)(job, { jobId: "killed-worker", final: false });
    await vi.waitFor(async () => {
      expect(await morningOf(job.userId, job.morning, live)).toBeDefined();
    }, WAIT);
  };

  it("sends a morning a dead worker had claimed once its claim's lease ends, once", async () => {
    const grace = await person(dueToday, live);
    await grace.create("/subscriptions/", renewingSoon());
    const morning = today();
    await claimAndDie({ userId: grace.id, morning }, 1000);

    const survivor = await startJobEngine(live.deps, FAST);
    try {
      // Queued for when the dead worker's lease ends (the queue holds it until then).
      expect(await survivor.sweepMornings()).toBe(1);
      await vi.waitFor(() => {
        expect(mailTo(grace.email)).toHaveLength(1);
      }, WAIT);
      await vi.waitFor(async () => {
        expect((await morningOf(grace.id, morning, live))?.sentAt).not.toBeNull();
      }, WAIT);
      expect(await survivor.sweepMornings()).toBe(0);
      expect(mailTo(grace.email)).toHaveLength(1);
    } finally {
      await survivor.stop();
    }
  });

  it("sends a morning a job found held by a dead worker's claim when that claim ends, not at a sweep", async () => {
    const ivan = await person(dueToday, live);
    await ivan.create("/subscriptions/", renewingSoon());
    const refused: Mailer = {
      send: () => Promise.reject(new Error("this job finds the morning held: it sends nothing")),
      close: () => undefined,
    };
    // Long enough that the claim still holds when the second job runs on a busy machine.
    const leaseMs = 3000;
    const job = { userId: ivan.id, morning: today() };
    // No sweep runs here (FAST: no schedule): only a queued job can send the morning.
    const survivor = await startJobEngine(live.deps, FAST);
    try {
      await claimAndDie(job, leaseMs);

      // A job queued before that claim (by a sweep of an earlier life) runs while it holds: it
      // queues the morning again for the claim's end.
      const late = senderOf(refused, leaseMs, survivor.queueMorning);
      expect(await late(job, { jobId: "queued-earlier", final: false })).toBe("held");
      await vi.waitFor(() => {
        expect(mailTo(ivan.email)).toHaveLength(1);
      }, WAIT);
      await vi.waitFor(async () => {
        expect((await morningOf(ivan.id, job.morning, live))?.sentAt).not.toBeNull();
      }, WAIT);
    } finally {
      await survivor.stop();
    }
  });

  it("sends the mornings already due as soon as a worker starts, not at the next minute's sweep", async () => {
    const heidi = await person(dueToday, live);
    await heidi.create("/subscriptions/", renewingSoon());
    const started = await startJobEngine(live.deps, { ...FAST, schedule: true });
    try {
      await vi.waitFor(() => {
        expect(mailTo(heidi.email)).toHaveLength(1);
      }, WAIT);
    } finally {
      await started.stop();
    }
  });
});

describe("without SMTP_URL", () => {
  it("sends nothing, and GET /users/me says email cannot be sent", async () => {
    const off = await createTestApp({ now: () => new Date("2026-12-07T09:00:00Z") });
    const offEngine = await startJobEngine(off.deps, FAST);
    try {
      const { user, tokens } = await signInAs(off.deps);
      const token = tokens.access_token;
      await call(off.app, "PATCH", "/users/me", { token, body: { email_reminders: true } });
      await post(off.app, "/subscriptions/", { token, body: NETFLIX });
      const me = UserSchema.parse((await get(off.app, "/users/me", { token })).body);
      expect(me).toMatchObject({ email_reminders: true, email_available: false });
      expect(await offEngine.sweepMornings()).toBe(0);
      expect(mailTo(user.email)).toHaveLength(0);
    } finally {
      await offEngine.stop();
      await off.close();
    }
  });
});
