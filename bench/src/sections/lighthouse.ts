// Section 2: Lighthouse (the npm package) in the bench's Chromium, mobile emulation with
// Lighthouse's simulated throttling (its defaults): / signed out, and /dashboard signed in with
// 50 tasks and 20 subscriptions, on the running product (the built API on PGlite, the production
// web build). The pages alternate, each run from an empty cache; medians of the runs.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TokenSet } from "@life-admin/domain";
import { TOKEN_DATA_KEY } from "@life-admin/e2e/sign-in";
import { startStack } from "@life-admin/e2e/stack";
import lighthouse from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";
import { formatNumber, type Cell, type Goal } from "../report.js";
import { interleave, median } from "../stats.js";
import { CHROMIUM_ARGS, browserExecutable, browserUnavailable } from "../support/browser.js";
import { seedRecords, signIn } from "../support/seed.js";
import type { Section } from "./section.js";

const SEEDED = { tasks: 50, subscriptions: 20 };
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const GOALS = { performance: 98, accessibility: 100 };

type Page = "/" | "/dashboard";
const PAGES: Page[] = ["/", "/dashboard"];

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  "best-practices": number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface Run {
  figures: LighthouseFigures;
  /** Audits below full marks in the accessibility and best-practices categories. */
  shortfalls: string[];
}

async function runLighthouse(
  browser: Browser,
  url: string,
  signedIn: { tokens: TokenSet } | null,
  reportPath: string,
): Promise<Run> {
  // A browser context of its own per run: empty storage and an empty cache.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    if (signedIn !== null) {
      // The session as the web app keeps it; Lighthouse is told to leave storage alone, so the
      // cache that this first visit filled is emptied by hand.
      await page.goto(new URL("/", url).href);
      await page.evaluate(
        (key, value) => {
          localStorage.setItem(key, value);
        },
        TOKEN_DATA_KEY,
        JSON.stringify(signedIn.tokens),
      );
      const cdp = await page.createCDPSession();
      await cdp.send("Network.clearBrowserCache");
      await cdp.detach();
    }
    const result = await lighthouse(
      url,
      {
        logLevel: "error",
        output: "json",
        onlyCategories: [...CATEGORIES],
        disableStorageReset: signedIn !== null,
      },
      undefined,
      page,
    );
    if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
    writeFileSync(reportPath, typeof result.report === "string" ? result.report : "");
    const { lhr } = result;
    if (lhr.runtimeError !== undefined) {
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    }
    const score = (category: (typeof CATEGORIES)[number]) =>
      Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const finalUrl = lhr.finalDisplayedUrl;
    if (new URL(finalUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse on ${url} ended on ${finalUrl}`);
    }
    const shortfalls = (["accessibility", "best-practices"] as const).flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${lhr.audits[ref.id]?.title ?? ref.id}`),
    );
    return {
      figures: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        lcpMs: audit("largest-contentful-paint"),
        tbtMs: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
      },
      shortfalls,
    };
  } finally {
    await context.close();
  }
}

export const lighthouseSection: Section = {
  key: "lighthouse",
  title: "Lighthouse: mobile emulation, simulated throttling",
  unavailable: browserUnavailable,
  async run(context) {
    context.log("lighthouse: starting the API (PGlite) and the web build");
    const stack = await startStack("bench-lighthouse");
    let browser: Browser | undefined;
    try {
      const user = await signIn(stack.apiUrl, "Lighthouse Tester");
      await seedRecords(user, SEEDED);
      const launched = await puppeteer.launch({
        executablePath: browserExecutable(),
        headless: true,
        args: CHROMIUM_ARGS,
      });
      browser = launched;
      const reports = join(context.outDir, "lighthouse");
      mkdirSync(reports, { recursive: true });
      const runs = new Map<Page, Run[]>(PAGES.map((page) => [page, []]));
      await interleave(PAGES, context.rounds, async (page, round) => {
        context.log(`lighthouse: round ${round + 1}, ${page}`);
        const signedIn = page === "/dashboard" ? { tokens: user.tokens } : null;
        const name = `${page === "/" ? "sign-up" : "dashboard"}-${round + 1}.json`;
        const run = await runLighthouse(
          launched,
          `${stack.webUrl}${page}`,
          signedIn,
          join(reports, name),
        );
        runs.get(page)?.push(run);
      });

      const rows: Cell[][] = [];
      const goals: Goal[] = [];
      const notes: string[] = [];
      const data: Record<string, unknown> = {};
      for (const page of PAGES) {
        const all = runs.get(page) ?? [];
        const of = (key: keyof LighthouseFigures) => median(all.map((run) => run.figures[key]));
        const label = page === "/" ? "/ (signed out)" : "/dashboard (50 tasks, 20 subscriptions)";
        rows.push([
          label,
          of("performance"),
          of("accessibility"),
          of("best-practices"),
          Math.round(of("lcpMs")),
          Math.round(of("tbtMs")),
          formatNumber(of("cls"), 3),
          all.map((run) => run.figures.performance).join(", "),
        ]);
        goals.push(
          {
            what: `Lighthouse ${page}: performance`,
            target: `>= ${GOALS.performance}`,
            actual: String(of("performance")),
            met: of("performance") >= GOALS.performance,
          },
          {
            what: `Lighthouse ${page}: accessibility`,
            target: `${GOALS.accessibility}`,
            actual: String(of("accessibility")),
            met: of("accessibility") >= GOALS.accessibility,
          },
        );
        const shortfalls = [...new Set(all.flatMap((run) => run.shortfalls))];
        if (shortfalls.length > 0)
          notes.push(`${page} below full marks: ${shortfalls.join("; ")}.`);
        data[page] = all;
      }
      return {
        key: "lighthouse",
        title: this.title,
        howToRead:
          "scores out of 100; LCP (largest contentful paint) and TBT (total blocking time) in ms " +
          "and CLS (layout shift) as Lighthouse estimates them for a mid-range phone on a slow 4G " +
          `network; medians of ${context.rounds} runs per page, alternating, each from an empty cache. ` +
          "Lighthouse's own report of each run is kept beside the JSON (lighthouse/*.json).",
        columns: [
          "Page",
          "Performance",
          "Accessibility",
          "Best practices",
          "LCP ms",
          "TBT ms",
          "CLS",
          "Performance per run",
        ],
        rows,
        notes,
        goals,
        data,
      };
    } finally {
      await browser?.close();
      await stack.stop();
    }
  },
};
