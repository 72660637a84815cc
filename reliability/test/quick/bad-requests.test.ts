// Issue 8, suite 1: generated bad requests. For every operation of the contract (openapi.json),
// fast-check builds requests from plausible to hostile, sent over real HTTP to the API on a
// loopback port. No answer may be a 5xx, or a status the contract does not list; every 4xx is
// FastAPI's shape; every 2xx matches its schema in its media type (an iCalendar object for the
// calendar routes); every 201 echoes what was sent; and at the end every record that was created
// is listed, whole.
import { signInAs, TEST_WEB_ORIGIN, TestBrowser } from "@life-admin/api/testing";
import type { TokenSet } from "@life-admin/domain";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { feedTokenOf } from "../../src/calendar-feed.js";
import { violationsOf } from "../../src/contract/check-exchange.js";
import { createEchoes } from "../../src/contract/create-echo.js";
import {
  loadOpenApiDocument,
  operationFor,
  operationsOf,
  type Operation,
} from "../../src/contract/openapi.js";
import { createResponseValidator } from "../../src/contract/response-validator.js";
import { printFigures, Tally } from "../../src/figures.js";
import { materialize, type CredentialSource } from "../../src/generate/materialize.js";
import {
  requestArbitrary,
  undocumentedRequestArbitrary,
  type GeneratedRequest,
} from "../../src/generate/request-arbitrary.js";
import { describeRequest, exchange } from "../../src/http-exchange.js";
import { assertProperty } from "../../src/property.js";
import { seeded, settings } from "../../src/settings.js";

const document = loadOpenApiDocument();
const operations = operationsOf(document);
const validator = createResponseValidator(document);

// Shares of the run: the operations that take bodies and write rows get the most requests;
// an operation the contract gains later gets DEFAULT_SHARE without anyone editing this file.
const SHARES: Record<string, number> = {
  "POST /tasks/": 24,
  "POST /subscriptions/": 24,
  "PATCH /tasks/{task_id}": 14,
  "PATCH /subscriptions/{subscription_id}": 14,
  "POST /tasks/{task_id}/complete": 8,
  "GET /subscriptions/": 10,
  "POST /auth/refresh": 8,
  "POST /auth/logout": 6,
  "GET /auth/google/callback": 6,
  // issue 19: the one body-taking calendar write, and the public feed (hostile tokens, 304s).
  "PATCH /calendar/feed": 8,
  "GET /calendar/{token}.ics": 8,
};
const DEFAULT_SHARE = 3;
const UNDOCUMENTED = "outside the contract";
const UNDOCUMENTED_SHARE = 6;
const shareOf = (key: string) => SHARES[key] ?? DEFAULT_SHARE;
const shareTotal = operations.reduce((sum, o) => sum + shareOf(o.key), 0) + UNDOCUMENTED_SHARE;
/** At least 100 requests per operation; together at least RELIABILITY_REQUESTS. */
const runsOf = (share: number) =>
  Math.max(100, Math.ceil((settings.badRequests * share) / shareTotal));

let api: ApiOnLoopback;
let session: TokenSet;
let source: CredentialSource;
const byOperation = new Map<string, Tally>();
const kinds = new Tally();
const statusClasses = new Tally();
let sent = 0;
let setupRequests = 0;
let slowest = 0;
/** Everything the long-lived session created, as answered with 201, by "path id". */
const created = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  // This suite sends hundreds of sign-in starts and refreshes a minute from one address: the
  // rate limits (suite 11 of their own) would answer most of them 429.
  api = await startApiOnLoopback({
    env: {
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "100000",
      RATE_LIMIT_REFRESH_PER_MINUTE: "100000",
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT_PER_MINUTE: "100000",
      RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: "100000",
    },
  });
  session = (await signInAs(api.deps)).tokens;
  source = {
    access: session.access_token,
    signIn: async () => (await signInAs(api.deps)).tokens,
    refresh: (token) => api.deps.tokens.refresh(token),
    async issueState() {
      setupRequests += 1;
      const res = await fetch(
        `${api.url}/auth/google/login?browser_challenge=${new TestBrowser().newSignInChallenge()}`,
      );
      const body = (await res.json()) as { authorization_url: string };
      return new URL(body.authorization_url).searchParams.get("state") ?? "";
    },
    // The record a path's id names: a new sign-in's own, made through the API.
    async createRecord(kind, accessToken) {
      const call = async (path: string, body: unknown) => {
        setupRequests += 1;
        const res = await fetch(`${api.url}${path}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`set-up ${path}: ${res.status} ${await res.text()}`);
        return (await res.json()) as { id: number };
      };
      if (kind === "subscription") {
        const made = { name: "Made for a path", next_renewal_date: "2026-01-31", cost: 9.99 };
        return (await call("/subscriptions/", { ...made, frequency: "Monthly" })).id;
      }
      const task = await call("/tasks/", {
        title: "Made for a path",
        due_date: "2026-01-31T09:00:00Z",
        frequency: "Monthly",
      });
      if (kind === "completed task") await call(`/tasks/${task.id}/complete`, {});
      return task.id;
    },
    async feedToken(accessToken) {
      setupRequests += 1;
      const res = await fetch(`${api.url}/calendar/feed`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      if (!res.ok) throw new Error(`set-up /calendar/feed: ${res.status} ${await res.text()}`);
      const { url } = (await res.json()) as { url: string };
      return feedTokenOf(url);
    },
  };
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 1 bad requests", {
    seed: settings.seed,
    requests: sent,
    setup_requests: setupRequests,
    statuses: statusClasses.counts,
    kinds: kinds.counts,
    records_created: created.size,
    slowest_ms: Math.round(slowest),
    "5xx": statusClasses.counts["5xx"] ?? 0,
  });
  for (const [key, tally] of byOperation) printFigures(`suite 1 ${key}`, tally.counts);
});

function operationAt(method: string, path: string): Operation | null {
  // As the server reads a request target: appended to its origin ("//tasks/" stays a path).
  const resolved = new URL(`http://127.0.0.1${path}`).pathname;
  return operationFor(operations, method, resolved);
}

async function sendAndCheck(intended: Operation | null, generated: GeneratedRequest) {
  const request = await materialize(generated, source);
  // A request is checked against the operation it lands on: an id that is a path of its own
  // (GET /subscriptions/totals) is that operation, as the router decides.
  const operation = intended && (operationAt(request.method, request.path) ?? intended);
  const answer = await exchange(api.url, request).catch((error: unknown) => {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`no answer (${cause})\nrequest: ${describeRequest(request)}`);
  });
  sent += 1;
  slowest = Math.max(slowest, answer.ms);
  const key = operation?.key ?? UNDOCUMENTED;
  const tally = byOperation.get(key) ?? new Tally();
  byOperation.set(key, tally);
  tally.add(answer.status);
  kinds.add(generated.kind);
  statusClasses.add(`${Math.floor(answer.status / 100)}xx`);

  const violations = violationsOf({ validator, webOrigin: TEST_WEB_ORIGIN }, operation, answer);
  const echo = operation === null ? undefined : createEchoes[operation.key];
  if (
    echo !== undefined &&
    answer.status === 201 &&
    answer.json !== null &&
    "value" in answer.json
  ) {
    const record = answer.json.value as Record<string, unknown>;
    const body: unknown = request.body === null ? undefined : JSON.parse(request.body.text);
    violations.push(...echo(body, record));
    created.set(`${operation?.path ?? ""}${String(record.id)}`, record);
  }
  if (violations.length > 0) {
    throw new Error(
      `${violations.join("\n")}\nrequest: ${describeRequest(request)}\nanswer: ${answer.status} ${answer.text.slice(0, 500)}`,
    );
  }
}

describe(seeded(`suite 1: ${settings.badRequests} generated requests`), () => {
  operations.forEach((operation, index) => {
    const runs = runsOf(shareOf(operation.key));
    it(`${operation.key}: ${runs} requests, none a 5xx or outside the contract`, async () => {
      await assertProperty(
        requestArbitrary(operation, document, api.url),
        (generated) => sendAndCheck(operation, generated),
        { seed: settings.seed + index, numRuns: runs },
      );
    });
  });

  it(`${UNDOCUMENTED}: unknown paths and methods answer 404 or 405 in FastAPI's shape`, async () => {
    await assertProperty(
      undocumentedRequestArbitrary(operations),
      // Dot segments and the like resolve as any URL parser does (/%2e%2e/tasks/ is /tasks/):
      // such a request is checked against the operation it lands on.
      (generated) => sendAndCheck(operationAt(generated.method, generated.path), generated),
      { seed: settings.seed + operations.length, numRuns: runsOf(UNDOCUMENTED_SHARE) },
    );
  });

  it("lists every record the run created, whole, and nothing else", async () => {
    for (const path of ["/tasks/", "/subscriptions/"]) {
      const res = await fetch(`${api.url}${path}`, {
        headers: { Authorization: `Bearer ${session.access_token}` },
      });
      expect(res.status).toBe(200);
      const list = (await res.json()) as Record<string, unknown>[];
      const listOperation = operations.find((o) => o.key === `GET ${path}`);
      expect(validator.check(listOperation?.responses.get(200)?.schema ?? {}, list)).toBeNull();
      const mine = [...created].filter(([key]) => key.startsWith(path));
      expect(list).toHaveLength(mine.length);
      for (const [key, record] of mine) {
        const listed = list.find((item) => `${path}${String(item.id)}` === key);
        expect(isDeepStrictEqual(listed, record), `${key} listed as created`).toBe(true);
      }
    }
    expect(sent).toBeGreaterThanOrEqual(settings.badRequests);
  });
});
