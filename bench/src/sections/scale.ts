// Section 4: scale. One user with 10,000 tasks and 1,000 subscriptions on the running product
// (the built API on PGlite, the production web build, as the e2e suite starts them):
// - GET /tasks/: its payload (as JSON, and gzipped as a browser gets it), and its latency one
//   request at a time (what one person waits);
// - in Chromium: navigation to the dashboard's content, and All Tasks from the click until shown,
//   read from the app's own performance marks (apps/web/src/performance-marks.ts); then All Tasks'
//   search, from the words entered until the list shows what they find, for a word a tenth of
//   the tasks hold and for the words only one holds.
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
const GOALS = { dashboardContentMs: 1_500, allTasksOpenMs: 300, searchMs: 100 };
/** Words of the seeded titles (seed.ts): a tenth of the tasks, and one task's own. */
const SEARCHES = {
  broad: { query: "dentist", count: "1,000 of 10,000 tasks", first: /^Book dentist check-up/ },
  narrow: {
    query: "passport 9871",
    count: "1 of 10,000 tasks",
    first: /^Renew passport \(9871\)$/,
  },
};
const SEQUENTIAL_REQUESTS = 50;

interface BrowserRound {
  dashboardContentMs: number;
  allTasksOpenMs: number;
  searchBroadMs: number;
  searchNarrowMs: number;
}

async function markTime(page: Page, name: string): Promise<number> {
  const handle = await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark)[0]?.startTime,
    name,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) ?? Number.NaN;
}

/**
 * From the words put into All Tasks' search (one input event, as a paste) until the frame after
 * the count says what it found and the first card found is in the list, measured in the page.
 */
async function searchTime(
  page: Page,
  search: { query: string; count: string; first: RegExp },
): Promise<number> {
  await page.getByRole("searchbox", { name: "Search tasks" }).waitFor();
  return page.evaluate(
    async ({ query, count, first }) => {
      const field = document.querySelector<HTMLInputElement>(
        '[role="dialog"] input[type="search"]',
      );
      if (!field) throw new Error("All Tasks has no search field");
      const start = performance.now();
      // As typing does: the value set past React's own setter, then an input event.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(field, query);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      const firstTitle = new RegExp(first);
      const dialog = field.closest('[role="dialog"]');
      // No function of its own in here: tsx's names for them (__name) do not exist in the page.
      for (;;) {
        const countId = field.getAttribute("aria-describedby");
        const said = countId ? document.getElementById(countId)?.textContent : null;
        const heading = dialog?.querySelector("h3")?.textContent ?? "";
        if (said === count && firstTitle.test(heading)) break;
        if (performance.now() - start > 30_000) throw new Error(`search "${query}": not shown`);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - start;
    },
    { query: search.query, count: search.count, first: search.first.source },
  );
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
    const searchBroadMs = await searchTime(page, SEARCHES.broad);
    const searchNarrowMs = await searchTime(page, SEARCHES.narrow);
    return { dashboardContentMs, allTasksOpenMs: shown - requested, searchBroadMs, searchNarrowMs };
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
      const searchBroadMs = median(rounds.map((r) => r.searchBroadMs));
      const searchNarrowMs = median(rounds.map((r) => r.searchNarrowMs));
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
          [
            `All Tasks' search: "${SEARCHES.broad.query}" (${SEARCHES.broad.count}) until shown`,
            `${Math.round(searchBroadMs)} ms`,
            ms(rounds.map((r) => r.searchBroadMs)),
          ],
          [
            `All Tasks' search: "${SEARCHES.narrow.query}" (${SEARCHES.narrow.count}) until shown`,
            `${Math.round(searchNarrowMs)} ms`,
            ms(rounds.map((r) => r.searchNarrowMs)),
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
          {
            what: "Scale: All Tasks' search, the slower of the two",
            target: `<= ${GOALS.searchMs} ms`,
            actual: `${Math.round(Math.max(searchBroadMs, searchNarrowMs))} ms`,
            met: Math.max(searchBroadMs, searchNarrowMs) <= GOALS.searchMs,
          },
        ],
        data: {
          payloadBytes: body.length,
          payloadGzipBytes: gzipBytes,
          getTasks: { median: get, rounds: api },
          browser: { dashboardContentMs, allTasksOpenMs, searchBroadMs, searchNarrowMs, rounds },
        },
      };
    } finally {
      await stack.stop();
    }
  },
};
