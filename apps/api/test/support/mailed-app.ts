// Test support for the morning emails (decisions D13): the app with SMTP_URL set to a real SMTP
// server on loopback (test-mailbox.ts), and the job engine on its database, polling often and
// retrying at once so that a test waits for a send as briefly as a person would.
import { type JobEngine, startJobEngine } from "../../src/jobs/job-engine.js";
import { type TestMailbox, openTestMailbox } from "./test-mailbox.js";
import { type TestApp, createTestApp, testConfig } from "./test-app.js";

export const FAST_JOBS = {
  schedule: false,
  pollingIntervalSeconds: 0.5,
  retry: { limit: 2, delaySeconds: 1, backoff: false },
};

export interface MailedApp {
  t: TestApp;
  mailbox: TestMailbox;
  engine: JobEngine;
  /** Stops the engine, then the app and the mail server. */
  close: () => Promise<void>;
}

export async function openMailedApp(now: () => Date): Promise<MailedApp> {
  const mailbox = await openTestMailbox();
  const t = await createTestApp({
    config: testConfig({ SMTP_URL: mailbox.url, MAIL_FROM: "Life Admin <reminders@example.test>" }),
    now,
  });
  const engine = await startJobEngine(t.deps, FAST_JOBS);
  return {
    t,
    mailbox,
    engine,
    async close() {
      await engine.stop();
      await t.close();
      await mailbox.close();
    },
  };
}
