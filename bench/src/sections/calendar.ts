// Section: the calendar feed (issue 19), as calendar apps fetch it, on the built API over a private
// PostgreSQL: one person with 10,000 tasks and 1,000 subscriptions (the scale section's size)
// - cold: the first fetch after one of their records changed (a PATCH before each fetch, so the
//   API's kept answer is stale and the whole feed is read and written again);
// - the same URL with the ETag it answered, one poll at a time (304), and without it (200 from
//   the API's kept answer);
// and 50 other people (100 tasks and 10 subscriptions each) polling their own feeds at once with
// If-None-Match, each on a connection of their own, as calendar apps poll.
import { startApiProcess, type ApiProcess } from "@life-admin/reliability/api-process";
import { freePort } from "@life-admin/reliability/free-port";
import {
  postgresBin,
  startPrivateCluster,
  type PrivateCluster,
} from "@life-admin/reliability/private-postgres";
import { Client } from "undici";
import { formatNumber, type Goal } from "../report.js";
import { median, medianOfRounds } from "../stats.js";
import { percentile, runClosedLoops, type NextRequest } from "../support/closed-loops.js";
import { CONNECTIONS, WARM_UP_SECONDS, type LoadFigures } from "../support/load.js";
import { seedRecords, signIn, type SeededUser } from "../support/seed.js";
import { SCALE } from "./scale.js";
import { kB, type BenchContext, type Section } from "./section.js";

const GOALS = { coldP99Ms: 300, notModifiedP99Ms: 20 };
/** Each poller's records: a modest life. */
const POLLER_RECORDS = { tasks: 100, subscriptions: 10 };
/** Cold fetches per round (each after a write). */
const COLD_PER_ROUND = 10;
/** Pollers seeded at once (each creates 8 records at a time). */
const SEEDING_AT_ONCE = 5;

/** A person's feed as a calendar app knows it: its path and the ETag last answered. */
interface Feed {
  path: string;
  etag: string;
}

/** Asked as calendar apps ask: gzip welcome (Google's and Apple's fetchers send it). */
const FETCH_HEADERS = { "Accept-Encoding": "gzip" };

async function feedOf(apiUrl: string, user: SeededUser): Promise<Feed> {
  const res = await fetch(`${apiUrl}/calendar/feed`, {
    headers: { Authorization: `Bearer ${user.tokens.access_token}` },
  });
  if (!res.ok) throw new Error(`GET /calendar/feed: ${res.status} ${await res.text()}`);
  const { url } = (await res.json()) as { url: string };
  return { path: new URL(url).pathname, etag: "" };
}

/** One GET of a feed on `client`: status, ETag, bytes on the wire, and ms until the last byte. */
async function fetchFeed(client: Client, path: string, headers: Record<string, string>) {
  const started = performance.now();
  const answer = await client.request({ method: "GET", path, headers });
  const bytes = (await answer.body.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  const etag = answer.headers.etag;
  return { status: answer.statusCode, etag: typeof etag === "string" ? etag : "", bytes, ms };
}

/** Signs `count` people in and gives each a modest life and a feed, a few at a time. */
async function makePollers(apiUrl: string, count: number): Promise<SeededUser[]> {
  const people: SeededUser[] = [];
  for (let i = 0; i < count; i += 1) people.push(await signIn(apiUrl, `Poller ${i + 1}`));
  for (let i = 0; i < people.length; i += SEEDING_AT_ONCE) {
    await Promise.all(
      people.slice(i, i + SEEDING_AT_ONCE).map((p) => seedRecords(p, POLLER_RECORDS)),
    );
  }
  return people;
}

/** The API's answer to the feed at `path` now, with its ETag (the process's first read of it). */
async function currentFeed(apiUrl: string, path: string): Promise<Feed> {
  const client = new Client(apiUrl);
  try {
    const { status, etag } = await fetchFeed(client, path, FETCH_HEADERS);
    if (status !== 200 || etag === "") throw new Error(`GET ${path}: ${status}, ETag ${etag}`);
    return { path, etag };
  } finally {
    await client.close();
  }
}

/**
 * `rounds` x COLD_PER_ROUND cold fetches: before each, the person renames one task, so the ETag
 * and the API's kept answer are stale; a fetch that answers the old ETag is refused as not cold.
 */
async function coldFetches(
  api: ApiProcess,
  owner: { token: string; taskId: number; feed: Feed },
  round: number,
) {
  const client = new Client(api.url);
  const latencies: number[] = [];
  let bytes = 0;
  let etag = owner.feed.etag;
  try {
    for (let n = 0; n < COLD_PER_ROUND; n += 1) {
      const edit = await client.request({
        method: "PATCH",
        path: `/tasks/${owner.taskId}`,
        headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: `Renew passport (round ${round + 1}, edit ${n + 1})` }),
      });
      await edit.body.dump();
      if (edit.statusCode !== 200) throw new Error(`PATCH answered ${edit.statusCode}`);
      const fetched = await fetchFeed(client, owner.feed.path, FETCH_HEADERS);
      if (fetched.status !== 200 || fetched.etag === etag) {
        throw new Error(`a cold fetch answered ${fetched.status} with the old ETag ${etag}`);
      }
      etag = fetched.etag;
      bytes = fetched.bytes;
      latencies.push(fetched.ms);
    }
  } finally {
    await client.close();
  }
  owner.feed.etag = etag;
  latencies.sort((a, b) => a - b);
  return { latencies, bytes };
}

const pollLoops = (feeds: readonly Feed[]): NextRequest[] =>
  feeds.map((feed) => () => ({
    method: "GET",
    path: feed.path,
    headers: { ...FETCH_HEADERS, "If-None-Match": feed.etag },
  }));

const notModified = (status: number) => status === 304;

export const calendarSection: Section = {
  key: "calendar",
  title: `Calendar feed: ${SCALE.tasks.toLocaleString("en-US")} tasks and ${SCALE.subscriptions.toLocaleString("en-US")} subscriptions, and ${CONNECTIONS} pollers, on PostgreSQL`,
  unavailable: () =>
    postgresBin() === null ? "no PostgreSQL server binaries (apt-get install postgresql)" : null,
  async run(context: BenchContext) {
    const cleanups: (() => Promise<unknown>)[] = [];
    try {
      context.log("calendar: starting a private PostgreSQL");
      const cluster: PrivateCluster = await startPrivateCluster();
      cleanups.unshift(() => cluster.destroy());
      const port = await freePort();
      const env = { DATABASE_URL: cluster.url, RATE_LIMIT_SIGN_IN_PER_MINUTE: "100000" };
      const seeding = await startApiProcess({ port, env });
      const seeded = await (async () => {
        context.log(
          `calendar: seeding one person with ${SCALE.tasks} tasks and ${SCALE.subscriptions} ` +
            `subscriptions, and ${CONNECTIONS} pollers`,
        );
        const started = performance.now();
        const owner = await signIn(seeding.url, "Calendar Owner");
        const [pollers] = await Promise.all([
          makePollers(seeding.url, CONNECTIONS),
          seedRecords(owner, SCALE),
        ]);
        const tasks = await owner.client.tasks.list();
        const taskId = tasks[0]?.id;
        if (taskId === undefined || tasks.length !== SCALE.tasks) {
          throw new Error(`the owner has ${tasks.length} tasks`);
        }
        const feeds = await Promise.all(pollers.map((p) => feedOf(seeding.url, p)));
        const ownerFeed = await feedOf(seeding.url, owner);
        context.log(`calendar: seeded in ${Math.round((performance.now() - started) / 1000)} s`);
        return { owner, taskId, feeds, ownerFeed };
      })().finally(() => seeding.stop());
      // As the other sections do: the load meets a process that never ran the local provider.
      const api = await startApiProcess({ port, env });
      cleanups.unshift(() => api.stop());

      const owner = {
        token: seeded.owner.tokens.access_token,
        taskId: seeded.taskId,
        feed: await currentFeed(api.url, seeded.ownerFeed.path),
      };
      const pollerFeeds = await Promise.all(seeded.feeds.map((f) => currentFeed(api.url, f.path)));
      const plainBytes = await (async () => {
        const client = new Client(api.url);
        try {
          return (await fetchFeed(client, owner.feed.path, {})).bytes;
        } finally {
          await client.close();
        }
      })();

      context.log("calendar: warming up");
      await coldFetches(api, owner, -1);
      await runClosedLoops(api.url, pollLoops([owner.feed]), WARM_UP_SECONDS, notModified);
      await runClosedLoops(api.url, pollLoops(pollerFeeds), WARM_UP_SECONDS, notModified);

      const cold: number[][] = [];
      let gzipBytes = 0;
      const rounds: Record<"notModified" | "kept" | "pollers", LoadFigures[]> = {
        notModified: [],
        kept: [],
        pollers: [],
      };
      for (let round = 0; round < context.rounds; round += 1) {
        context.log(`calendar: round ${round + 1}: cold, 304, kept, ${CONNECTIONS} pollers`);
        const fetched = await coldFetches(api, owner, round);
        cold.push(fetched.latencies);
        gzipBytes = fetched.bytes;
        rounds.notModified.push(
          await runClosedLoops(api.url, pollLoops([owner.feed]), context.duration, notModified),
        );
        rounds.kept.push(
          await runClosedLoops(
            api.url,
            [() => ({ method: "GET", path: owner.feed.path, headers: FETCH_HEADERS })],
            context.duration,
          ),
        );
        rounds.pollers.push(
          await runClosedLoops(api.url, pollLoops(pollerFeeds), context.duration, notModified),
        );
      }

      const allCold = cold.flat().sort((a, b) => a - b);
      const coldFigures = {
        p50Ms: Math.round(percentile(allCold, 0.5)),
        p99Ms: Math.round(percentile(allCold, 0.99)),
      };
      const figures = {
        notModified: medianOfRounds(rounds.notModified),
        kept: medianOfRounds(rounds.kept),
        pollers: medianOfRounds(rounds.pollers),
      };
      const perRound = (values: number[]) => values.map((v) => Math.round(v)).join(", ");
      const coldP99s = cold.map((latencies) => percentile(latencies, 0.99));
      const goals: Goal[] = [
        {
          what: "Calendar: the feed of 10,000 tasks and 1,000 subscriptions, cold, p99",
          target: `< ${GOALS.coldP99Ms} ms`,
          actual: `${coldFigures.p99Ms} ms`,
          met: coldFigures.p99Ms < GOALS.coldP99Ms,
        },
        {
          what: "Calendar: the same feed's 304, one poll at a time, p99",
          target: `< ${GOALS.notModifiedP99Ms} ms`,
          actual: `${figures.notModified.p99Ms} ms`,
          met: figures.notModified.p99Ms < GOALS.notModifiedP99Ms,
        },
        {
          what: `Calendar: ${CONNECTIONS} pollers' 304s, p99`,
          target: `< ${GOALS.notModifiedP99Ms} ms`,
          actual: `${figures.pollers.p99Ms} ms`,
          met: figures.pollers.p99Ms < GOALS.notModifiedP99Ms,
        },
      ];
      return {
        key: "calendar",
        title: this.title,
        howToRead:
          `cold: ${context.rounds} rounds of ${COLD_PER_ROUND} fetches, each right after a PATCH ` +
          "of one of the person's tasks (a new ETag: the feed read and generated again), p50 and " +
          "p99 over all of them, latency until the last byte; 304 and kept: one poll at a time " +
          `for ${context.duration} s; pollers: ${CONNECTIONS} people at once, each on a keep-alive ` +
          `connection of their own, for ${context.duration} s; medians of ${context.rounds} ` +
          "rounds. Every request asks for gzip, as calendar apps do.",
        columns: ["Fetch", "req/s", "p50 ms", "p99 ms", "p99 by round"],
        rows: [
          [
            `cold (after a write), ${COLD_PER_ROUND * context.rounds} fetches`,
            formatNumber(1000 / median(allCold)),
            coldFigures.p50Ms,
            coldFigures.p99Ms,
            perRound(coldP99s),
          ],
          [
            "If-None-Match: 304, one at a time",
            Math.round(figures.notModified.rps),
            figures.notModified.p50Ms,
            figures.notModified.p99Ms,
            perRound(rounds.notModified.map((r) => r.p99Ms)),
          ],
          [
            "no If-None-Match: 200 from the kept answer, one at a time",
            Math.round(figures.kept.rps),
            figures.kept.p50Ms,
            figures.kept.p99Ms,
            perRound(rounds.kept.map((r) => r.p99Ms)),
          ],
          [
            `${CONNECTIONS} pollers, If-None-Match: 304`,
            Math.round(figures.pollers.rps),
            figures.pollers.p50Ms,
            figures.pollers.p99Ms,
            perRound(rounds.pollers.map((r) => r.p99Ms)),
          ],
        ],
        notes: [
          `The feed is ${formatNumber(kB(plainBytes), 0)} kB (${formatNumber(kB(gzipBytes), 0)} ` +
            `kB gzipped, as sent); each poller has ${POLLER_RECORDS.tasks} tasks and ` +
            `${POLLER_RECORDS.subscriptions} subscriptions. The cold req/s is one over the median ` +
            "fetch (the writes between fetches are not timed).",
        ],
        goals,
        data: {
          plainBytes,
          gzipBytes,
          cold: { ...coldFigures, rounds: cold },
          notModified: { median: figures.notModified, rounds: rounds.notModified },
          kept: { median: figures.kept, rounds: rounds.kept },
          pollers: { median: figures.pollers, rounds: rounds.pollers },
        },
      };
    } finally {
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    }
  },
};
