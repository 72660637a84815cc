// Section 4: scale. One user with 10,000 tasks and 1,000 subscriptions on the running product
// (the built API on PGlite, the production web build, as the e2e suite starts them):
// - GET /tasks/: its payload (as JSON, and gzipped as a browser gets it), and its latency one
//   request at a time (what one person waits);
// - in Chromium: navigation to the dashboard's content, and All Tasks from the click until shown,
//   read from the app's own performance marks (apps/web/src/performance-marks.ts).
import type { TokenSet } from "@life-admin/domain";
import { storageStateFor } from "@life-admin/e2e/sign-in";
import { startStack } from "@life-admin/e2e/stack";
import { PERFORMANCE_MARKS as MARKS } from "@life-admin/web/performance-marks";
import { chromium, type Browser, type Page } from "@playwright/test";
import { median, medianOfRounds } from "../stats.js";
import { CHROMIUM_ARGS, browserExecutable, browserUnavailable } from "../support/browser.js";
import { runLoad } from "../support/load.js";
import { seedRecords, signIn } from "../support/seed.js";
import { kB, type BenchContext, type Section } from "./section.js";

export const SCALE = { tasks: 10_000, subscriptions: 1_000 };
const GOALS = { dashboardContentMs: 1_500, allTasksOpenMs: 300 };
const SEQUENTIAL_REQUESTS = 50;

interface BrowserRound {
  dashboardContentMs: number;
  allTasksOpenMs: number;
}

async function markTime(page: Page, name: string): Promise<number> {
  const handle = await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark)[0]?.startTime,
    name,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) ?? Number.NaN;
}

async function browserRound(
  browser: Browser,
  webUrl: string,
  tokens: TokenSet,
): Promise<BrowserRound> {
  // A new context each round: an empty cache, as a first visit of the day.
  const context = await browser.newContext({ storageState: storageStateFor(webUrl, tokens) });
  try {
    const page = await context.newPage();
    await page.goto(`${webUrl}/dashboard`);
    const dashboardContentMs = await markTime(page, MARKS.dashboardContent);
    await page.getByRole("button", { name: /view all tasks/i }).click();
    const [requested, shown] = [
      await markTime(page, MARKS.allTasksRequested),
      await markTime(page, MARKS.allTasksShown),
    ];
    await page.getByRole("dialog", { name: "All Tasks" }).waitFor();
    return { dashboardContentMs, allTasksOpenMs: shown - requested };
  } finally {
    await context.close();
  }
}

export const scaleSection: Section = {
  key: "scale",
  title: `Scale: one user with ${SCALE.tasks.toLocaleString("en-US")} tasks and ${SCALE.subscriptions.toLocaleString("en-US")} subscriptions`,
  unavailable: browserUnavailable,
  async run(context: BenchContext) {
    context.log("scale: starting the API (PGlite) and the web build");
    const stack = await startStack("bench-scale");
    try {
      const user = await signIn(stack.apiUrl, "Scale Tester");
      const seeding = performance.now();
      await seedRecords(user, SCALE);
      context.log(`scale: seeded in ${Math.round(performance.now() - seeding)} ms`);

      // Asked as a browser asks; fetch unzips the body, and Content-Length is what was sent.
      const response = await fetch(`${stack.apiUrl}/tasks/`, {
        headers: {
          Authorization: `Bearer ${user.tokens.access_token}`,
          "Accept-Encoding": "gzip",
        },
      });
      const gzipBytes =
        response.headers.get("content-encoding") === "gzip"
          ? Number(response.headers.get("content-length"))
          : null;
      const body = Buffer.from(await response.arrayBuffer());
      const count = (JSON.parse(body.toString()) as unknown[]).length;
      if (count !== SCALE.tasks) throw new Error(`GET /tasks/ returned ${count} tasks`);

      const api = [];
      for (let round = 0; round < context.rounds; round += 1) {
        api.push(
          await runLoad(
            {
              url: `${stack.apiUrl}/tasks/`,
              method: "GET",
              headers: { Authorization: `Bearer ${user.tokens.access_token}` },
            },
            { connections: 1, amount: SEQUENTIAL_REQUESTS },
          ),
        );
      }
      const get = medianOfRounds(api);

      context.log("scale: Chromium");
      const browser = await chromium.launch({
        executablePath: browserExecutable(),
        args: CHROMIUM_ARGS,
      });
      const rounds: BrowserRound[] = [];
      try {
        await browserRound(browser, stack.webUrl, user.tokens); // warm-up: the server's first reads
        for (let round = 0; round < context.rounds; round += 1) {
          rounds.push(await browserRound(browser, stack.webUrl, user.tokens));
        }
      } finally {
        await browser.close();
      }
      const dashboardContentMs = median(rounds.map((r) => r.dashboardContentMs));
      const allTasksOpenMs = median(rounds.map((r) => r.allTasksOpenMs));
      const ms = (values: number[]) => values.map((v) => Math.round(v)).join(", ");

      return {
        key: "scale",
        title: this.title,
        howToRead:
          `GET /tasks/ is timed one request at a time (${SEQUENTIAL_REQUESTS} per round, as one ` +
          "person waits), median of rounds; the browser figures come from the app's performance " +
          "marks in Chromium (no throttling), a new browser context per round (empty cache), " +
          "median of rounds after one warm-up.",
        columns: ["Figure", "Median", "Rounds"],
        rows: [
          [
            "GET /tasks/ payload",
            `${kB(body.length).toFixed(0)} kB`,
            gzipBytes === null
              ? "sent as it is to a browser (not gzipped)"
              : `${kB(gzipBytes).toFixed(0)} kB gzipped, as sent to a browser`,
          ],
          ["GET /tasks/ p50", `${get.p50Ms} ms`, ms(api.map((r) => r.p50Ms))],
          ["GET /tasks/ p99", `${get.p99Ms} ms`, ms(api.map((r) => r.p99Ms))],
          [
            "navigation to the dashboard's content",
            `${Math.round(dashboardContentMs)} ms`,
            ms(rounds.map((r) => r.dashboardContentMs)),
          ],
          [
            "All Tasks: click until shown",
            `${Math.round(allTasksOpenMs)} ms`,
            ms(rounds.map((r) => r.allTasksOpenMs)),
          ],
        ],
        notes: [],
        goals: [
          {
            what: "Scale: navigation to the dashboard's content",
            target: `<= ${GOALS.dashboardContentMs} ms`,
            actual: `${Math.round(dashboardContentMs)} ms`,
            met: dashboardContentMs <= GOALS.dashboardContentMs,
          },
          {
            what: "Scale: All Tasks open",
            target: `<= ${GOALS.allTasksOpenMs} ms`,
            actual: `${Math.round(allTasksOpenMs)} ms`,
            met: allTasksOpenMs <= GOALS.allTasksOpenMs,
          },
        ],
        data: {
          payloadBytes: body.length,
          payloadGzipBytes: gzipBytes,
          getTasks: { median: get, rounds: api },
          browser: { dashboardContentMs, allTasksOpenMs, rounds },
        },
      };
    } finally {
      await stack.stop();
    }
  },
};
