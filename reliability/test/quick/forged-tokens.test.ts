// Issue 8, suite 2: forged tokens on every protected operation. The operations come from the
// contract (openapi.json: those with bearer security); each gets every forgery of
// src/forged-tokens.ts over real HTTP and must answer 401 with a detail and a Bearer challenge,
// writing nothing. The refresh token gets the same treatment on /auth/refresh and /auth/logout.
// (apps/api/test/tokens.test.ts covers the single cases in depth; this is the full matrix.)
import { accountArchives, signInAs, tables } from "@life-admin/api/testing";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { loadOpenApiDocument, operationsOf, type Operation } from "../../src/contract/openapi.js";
import { printFigures, Tally } from "../../src/figures.js";
import { forgeriesOf, type ForgeContext } from "../../src/forged-tokens.js";
import { UPLOAD_CONTENT_TYPE, uploadForm } from "../../src/file-upload.js";
import {
  exchange,
  exchangeBytes,
  type Exchange,
  type OutgoingBytes,
  type OutgoingRequest,
} from "../../src/http-exchange.js";

const operations = operationsOf(loadOpenApiDocument());
const protectedOperations = operations.filter((o) => o.bearer !== "none");

/** The victim's records that the paths below name (issue 18): each example its own. */
interface VictimRecords {
  task: number;
  taskToComplete: number;
  /** decisions D9: a weekly task (one that happens once cannot be skipped). */
  taskToSkip: number;
  completedTask: number;
  taskToDelete: number;
  subscription: number;
  subscriptionToDelete: number;
  file: number;
  fileToDelete: number;
  /** Issue 22: a sign-in of the victim's other than the one the suite uses, to sign out. */
  otherSession: string;
  /** Issue 23: a member of the victim's household, to remove. */
  householdMember: number;
  /** Issue 23: an unused invitation link's token to the victim's household, to join with. */
  invitation: string;
  /** Another, to ask what it would join (joining with the first uses that one). */
  invitationToPreview: string;
  /** Issue 23: another unused link of the victim's household, by its id, to withdraw. */
  invitationToWithdraw: number;
}

interface Example {
  /** The path, when the operation's has ids in it. */
  path?: (records: VictimRecords) => string;
  query?: string;
  body?: unknown;
  /** A body sent as it is (an upload's form), with its content type. */
  form?: { contentType: string; text: string };
  /** A body of bytes sent as an upload's form (issue 22: an import's ZIP). */
  upload?: () => Uint8Array;
  /** A body that names the victim's records (issue 23: an invitation's token). */
  bodyFor?: (records: VictimRecords) => unknown;
  /** What an account of its own needs before its control case (OWN_ACCOUNT_CONTROLS). */
  prepare?: (accessToken: string) => Promise<void>;
  ok: number;
}

/** Issue 22: an account archive with one task, to import (made before the suite starts). */
let importZip: Uint8Array = new Uint8Array();

/** An upload's form (issue 21): a PDF as its bytes say, in the field "file". */
const UPLOAD_BOUNDARY = "forged-tokens-boundary";
const UPLOAD_FORM = {
  contentType: `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
  text:
    `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bill.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n% a bill\n%%EOF\n\r\n--${UPLOAD_BOUNDARY}--\r\n`,
};

/** A request each protected operation accepts with a genuine token, and its success status. */
const EXAMPLES: Record<string, Example> = {
  "GET /users/me": { ok: 200 },
  "GET /tasks/": { ok: 200 },
  "POST /tasks/": { body: { title: "Renew passport", due_date: "2026-03-01T00:00:00Z" }, ok: 201 },
  "GET /subscriptions/": { query: "frequency=Monthly&priority=Medium", ok: 200 },
  "POST /subscriptions/": {
    body: { name: "Netflix", next_renewal_date: "2026-02-28", cost: 10.99, frequency: "Monthly" },
    ok: 201,
  },
  "POST /auth/logout": { ok: 204 },
  "GET /tasks/{task_id}": { path: (r) => `/tasks/${r.task}`, ok: 200 },
  "PATCH /tasks/{task_id}": { path: (r) => `/tasks/${r.task}`, body: { priority: "Low" }, ok: 200 },
  "DELETE /tasks/{task_id}": { path: (r) => `/tasks/${r.taskToDelete}`, ok: 204 },
  "POST /tasks/{task_id}/complete": {
    path: (r) => `/tasks/${r.taskToComplete}/complete`,
    body: { due_date: "2026-03-01T00:00:00Z" },
    ok: 200,
  },
  "POST /tasks/{task_id}/skip": {
    path: (r) => `/tasks/${r.taskToSkip}/skip`,
    body: { due_date: "2026-03-01T00:00:00Z" },
    ok: 200,
  },
  "POST /tasks/{task_id}/uncomplete": {
    path: (r) => `/tasks/${r.completedTask}/uncomplete`,
    ok: 200,
  },
  "GET /subscriptions/totals": { ok: 200 },
  "GET /subscriptions/{subscription_id}": {
    path: (r) => `/subscriptions/${r.subscription}`,
    ok: 200,
  },
  "PATCH /subscriptions/{subscription_id}": {
    path: (r) => `/subscriptions/${r.subscription}`,
    body: { active: false },
    ok: 200,
  },
  "DELETE /subscriptions/{subscription_id}": {
    path: (r) => `/subscriptions/${r.subscriptionToDelete}`,
    ok: 204,
  },
  // Issue 19: the calendar feed and one task's .ics.
  "GET /calendar/feed": { ok: 200 },
  "PATCH /calendar/feed": { body: { connected: true }, ok: 200 },
  "POST /calendar/feed/rotate": { ok: 200 },
  "GET /tasks/{task_id}/ics": { path: (r) => `/tasks/${r.task}/ics`, ok: 200 },
  // A task's history (decisions D9: completions are kept).
  "GET /tasks/{task_id}/completions": { path: (r) => `/tasks/${r.task}/completions`, ok: 200 },
  // Issue 20: the time zone and the bell.
  "PATCH /users/me": { body: { time_zone: "Europe/London" }, ok: 200 },
  "GET /notifications/": { ok: 200 },
  "POST /notifications/read": { body: { all: true }, ok: 204 },
  // Issue 21: stored files.
  "POST /files/": { form: UPLOAD_FORM, ok: 201 },
  "GET /files/": { ok: 200 },
  "GET /files/{file_id}": { path: (r) => `/files/${r.file}`, ok: 200 },
  "GET /files/{file_id}/content": { path: (r) => `/files/${r.file}/content`, ok: 200 },
  "DELETE /files/{file_id}": { path: (r) => `/files/${r.fileToDelete}`, ok: 204 },
  // Issue 22: the account's own controls. Deleting the account is confirmed by its email: the
  // control case deletes an account of its own (requestFor's `confirm`).
  "DELETE /users/me": { body: { confirm: "victim@example.test" }, ok: 204 },
  "GET /users/me/export": { ok: 200 },
  "POST /users/me/import": {
    upload: () =>
      uploadForm({
        bytes: importZip,
        name: "life-admin-export.zip",
        claimedType: "application/zip",
        chunked: false,
      }),
    ok: 200,
  },
  "GET /users/me/sessions": { ok: 200 },
  "DELETE /users/me/sessions/{session_id}": {
    path: (r) => `/users/me/sessions/${r.otherSession}`,
    ok: 204,
  },
  "POST /users/me/sessions/sign-out-others": { ok: 200 },
  // Issue 23: the victim owns a household with one member; creating, joining and leaving are
  // done by accounts of their own (a person is in one household at most).
  "POST /households/": { body: { name: "Forged" }, ok: 201 },
  "GET /households/me": { ok: 200 },
  "POST /households/me/invitations": { ok: 201 },
  "GET /households/me/invitations": { ok: 200 },
  "DELETE /households/me/invitations/{invitation_id}": {
    path: (r) => `/households/me/invitations/${r.invitationToWithdraw}`,
    ok: 204,
  },
  "POST /households/join": { bodyFor: (r) => ({ token: r.invitation }), ok: 200 },
  "POST /households/join/preview": {
    bodyFor: (r) => ({ token: r.invitationToPreview }),
    ok: 200,
  },
  "DELETE /households/me/members/{user_id}": {
    path: (r) => `/households/me/members/${r.householdMember}`,
    ok: 204,
  },
  "POST /households/me/leave": {
    prepare: async (accessToken) => {
      await victimRecord("/households/", { name: "To leave" }, accessToken);
    },
    ok: 204,
  },
};

/**
 * What logout answers differently, as documented (apps/api README): ending a sign-in that has
 * already ended succeeds (204), and it ends the sign-in of any refresh token our own key signed,
 * even one no longer (or never) stored: only the key's holder can make one, and presenting a
 * rotated one at /auth/refresh ends the sign-in anyway (reuse detection). Those two are not
 * forgeries for logout.
 */
const LOGOUT_ANSWERS: Record<string, number | "not a forgery"> = {
  "an ended sign-in's token": 204,
  "a well-signed refresh token the server never issued (unknown jti)": "not a forgery",
};

function expectedFor(operationKey: string, forgeryName: string): number | "not a forgery" {
  if (operationKey !== "POST /auth/logout") return 401;
  return LOGOUT_ANSWERS[forgeryName] ?? 401;
}

/** The operations whose control case would end what the others need of the victim. */
const OWN_ACCOUNT_CONTROLS = new Set([
  "POST /auth/logout",
  "POST /users/me/sessions/sign-out-others",
  "DELETE /users/me",
  "POST /households/",
  "POST /households/join",
  // The victim owns the household the link joins: only someone outside it may look (409).
  "POST /households/join/preview",
  "POST /households/me/leave",
]);

let api: ApiOnLoopback;
let context: ForgeContext;
let records: VictimRecords;
const outcomes = new Tally();
let requests = 0;

/** The example request of an operation; `confirm`: the email a deletion of the account types. */
function requestFor(operation: Operation, token: string | null, confirm?: string): OutgoingBytes {
  const example = EXAMPLES[operation.key] ?? { ok: 200 };
  const headers: [string, string][] = [];
  if (token !== null) headers.push(["Authorization", `Bearer ${token}`]);
  const body = confirm === undefined ? (example.bodyFor?.(records) ?? example.body) : { confirm };
  if (body !== undefined) headers.push(["Content-Type", "application/json"]);
  if (example.form !== undefined) headers.push(["Content-Type", example.form.contentType]);
  if (example.upload !== undefined) {
    headers.push(["Content-Type", UPLOAD_CONTENT_TYPE]);
  }
  const text = example.form?.text ?? (body === undefined ? null : JSON.stringify(body));
  const bytes = example.upload?.() ?? (text === null ? null : Buffer.from(text, "utf8"));
  return {
    method: operation.method,
    path: example.path?.(records) ?? operation.path,
    query: example.query ?? "",
    headers,
    body: bytes === null ? null : { bytes, chunked: false },
  };
}

async function send(request: OutgoingRequest | OutgoingBytes): Promise<Exchange> {
  requests += 1;
  const { body } = request;
  if (body !== null && "bytes" in body) return exchangeBytes(api.url, { ...request, body });
  return exchange(api.url, { ...request, body: body === null || "text" in body ? body : null });
}

/** What is wrong with an answer, or null when it is the expected one (a proper 401 mostly). */
function refusalProblem(answer: Exchange, expected = 401): string | null {
  if (answer.status !== expected) return `${answer.status} ${answer.text.slice(0, 120)}`;
  if (expected !== 401) return null;
  const detail =
    answer.json !== null && "value" in answer.json
      ? (answer.json.value as { detail?: unknown }).detail
      : undefined;
  if (typeof detail !== "string" || detail === "") return `401 without a detail: ${answer.text}`;
  if (!(answer.headers.get("www-authenticate") ?? "").startsWith("Bearer")) {
    return "401 without a Bearer challenge";
  }
  return null;
}

async function rowCounts() {
  const { db } = api.deps.database;
  return {
    tasks: await db.$count(tables.tasks),
    subscriptions: await db.$count(tables.subscriptions),
    signIns: await db.$count(tables.signIns),
    files: await db.$count(tables.files),
    households: await db.$count(tables.households),
    householdMembers: await db.$count(tables.householdMembers),
    householdInvitations: await db.$count(tables.householdInvitations),
    // A forged edit or completion would move the victim's list on.
    listsRevisions: (await db.select({ r: tables.users.listsRevision }).from(tables.users)).map(
      (row) => row.r,
    ),
  };
}

/**
 * Makes one of the victim's records (or another account's, by its token) through the API (JSON,
 * or an upload's form); its id.
 */
async function victimRecord(
  path: string,
  body: unknown,
  accessToken = context.victim.accessToken,
): Promise<number> {
  const form = body === UPLOAD_FORM ? UPLOAD_FORM : null;
  const res = await fetch(`${api.url}${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${accessToken}`,
      "Content-Type": form?.contentType ?? "application/json",
    },
    body: form?.text ?? JSON.stringify(body),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

beforeAll(async () => {
  api = await startApiOnLoopback();
  const victim = await signInAs(api.deps);
  const other = await signInAs(api.deps);
  const ended = await signInAs(api.deps);
  await api.deps.tokens.revokeSignIn(String(decodeJwt(ended.tokens.access_token).sid));
  context = {
    keys: api.keys,
    issuer: api.url,
    victim: {
      userId: victim.user.id,
      accessToken: victim.tokens.access_token,
      refreshToken: victim.tokens.refresh_token,
    },
    otherUserId: other.user.id,
    endedAccessToken: ended.tokens.access_token,
    endedRefreshToken: ended.tokens.refresh_token,
  };
  const task = () =>
    victimRecord("/tasks/", { title: "Victim's", due_date: "2026-03-01T00:00:00Z" });
  const subscription = () =>
    victimRecord("/subscriptions/", { name: "Victim's", next_renewal_date: "2026-03-01", cost: 5 });
  const invitation = async () => {
    const res = await fetch(`${api.url}/households/me/invitations`, {
      method: "POST",
      headers: { Authorization: `Bearer ${context.victim.accessToken}` },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: number; token: string };
  };
  await victimRecord("/households/", { name: "Victim's" });
  const member = await signInAs(api.deps);
  const joining = (await invitation()).token;
  await victimRecord("/households/join", { token: joining }, member.tokens.access_token);
  records = {
    householdMember: member.user.id,
    invitation: (await invitation()).token,
    invitationToPreview: (await invitation()).token,
    invitationToWithdraw: (await invitation()).id,
    task: await task(),
    taskToComplete: await task(),
    taskToSkip: await victimRecord("/tasks/", {
      title: "Victim's weekly",
      due_date: "2026-03-01T00:00:00Z",
      frequency: "Weekly",
    }),
    completedTask: await task(),
    taskToDelete: await task(),
    subscription: await subscription(),
    subscriptionToDelete: await subscription(),
    file: await victimRecord("/files/", UPLOAD_FORM),
    fileToDelete: await victimRecord("/files/", UPLOAD_FORM),
    otherSession: String(
      decodeJwt((await api.deps.tokens.issueSignIn(victim.user.id)).access_token).sid,
    ),
  };
  importZip = await accountArchives.archiveZip(
    accountArchives.accountArchive({ tasks: [accountArchives.archiveTask()] }),
  );
  await victimRecord(`/tasks/${records.completedTask}/complete`, {});
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 2 forged tokens", {
    protected_operations: protectedOperations.length,
    access_forgeries: forgeriesOf("access").length,
    refresh_forgeries: forgeriesOf("refresh").length,
    requests,
    outcomes: outcomes.counts,
  });
});

describe("suite 2: forged access tokens on every protected operation", () => {
  it("has an example request for every protected operation of the contract", () => {
    expect(protectedOperations.map((o) => o.key).sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  describe.each(protectedOperations.map((o) => [o.key, o] as const))("%s", (_key, operation) => {
    it("accepts the genuine token (the control case)", async () => {
      // Logging out ends the sign-in it is given, signing out the others ends the victim's
      // other sign-ins and deleting the account ends the account: those get an account of their own.
      const own = OWN_ACCOUNT_CONTROLS.has(operation.key) ? await signInAs(api.deps) : null;
      const token = own?.tokens.access_token ?? context.victim.accessToken;
      await EXAMPLES[operation.key]?.prepare?.(token);
      const confirm = operation.key === "DELETE /users/me" ? own?.user.email : undefined;
      const answer = await send(requestFor(operation, token, confirm));
      expect(answer.status, answer.text).toBe(EXAMPLES[operation.key]?.ok);
    });

    it(`refuses each of the ${forgeriesOf("access").length} forged tokens with 401, a detail and a Bearer challenge, writing nothing`, async () => {
      const before = await rowCounts();
      const problems: string[] = [];
      for (const forgery of forgeriesOf("access")) {
        const expected = expectedFor(operation.key, forgery.name);
        if (expected === "not a forgery") continue;
        const answer = await send(requestFor(operation, await forgery.make(context)));
        outcomes.add(answer.status);
        const problem = refusalProblem(answer, expected);
        if (problem !== null) problems.push(`${forgery.name}: ${problem}`);
      }
      expect(problems).toEqual([]);
      expect(await rowCounts()).toEqual(before);
    });
  });
});

describe("suite 2: forged refresh tokens on /auth/refresh and /auth/logout", () => {
  const places = [
    ["POST /auth/refresh", "query"],
    ["POST /auth/refresh", "body"],
    ["POST /auth/logout", "query"],
    ["POST /auth/logout", "body"],
  ] as const;

  it.each(places)(
    "%s refuses each forged refresh token in the %s with 401 and a detail (logout: as documented)",
    async (key, place) => {
      const [method = "POST", path = ""] = key.split(" ");
      const problems: string[] = [];
      for (const forgery of forgeriesOf("refresh")) {
        const expected = expectedFor(key, forgery.name);
        if (expected === "not a forgery") continue;
        const token = await forgery.make(context);
        const request: OutgoingRequest = {
          method,
          path,
          query:
            place === "query" && token !== null ? `refresh_token=${encodeURIComponent(token)}` : "",
          headers: [["Content-Type", "application/json"]],
          body:
            place === "body" && token !== null
              ? { text: JSON.stringify({ refresh_token: token }), chunked: false }
              : null,
        };
        const answer = await send(request);
        outcomes.add(answer.status);
        const problem = refusalProblem(answer, expected);
        if (problem !== null) problems.push(`${forgery.name}: ${problem}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it("left the victim's sign-in alive: its genuine refresh token still rotates", async () => {
    const answer = await send({
      method: "POST",
      path: "/auth/refresh",
      query: `refresh_token=${encodeURIComponent(context.victim.refreshToken)}`,
      headers: [],
      body: null,
    });
    expect(answer.status, answer.text).toBe(200);
  });
});
