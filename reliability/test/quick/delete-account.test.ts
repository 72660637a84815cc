// Issue 22, suite 17: an account deleted while its person's other devices keep writing. For each
// person, clients over real HTTP create tasks, subscriptions, completions and uploads, one request
// after another, and the account is deleted once every client has landed some. Afterwards no row
// anywhere names a user, task, file or sign-in that is not there, nothing of the person is left in
// any table (the writes answered 2xx before the deletion went with it), every answer is one a
// caller can act on (2xx while the account was there, then 401, or 404 for the task completed
// that went with it; never a 5xx, never a 409 read off a missing row), another person's rows are
// as they were, and the API goes on serving. On PGlite the requests interleave between their
// statements; on PostgreSQL (TEST_DATABASE_URL) they run on several connections at once, and the
// deletion's locks meet the writers' own.
import {
  accountIdsOf,
  accountRowCounts,
  orphanRows,
  signInAs,
  tables,
  type Db,
} from "@life-admin/api/testing";
import { pdfBill } from "@life-admin/api/test-documents";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { printFigures, Tally, median } from "../../src/figures.js";
import { uploadFile } from "../../src/file-upload.js";
import { exchange, type Exchange } from "../../src/http-exchange.js";

/** People whose accounts are deleted, one after another. */
const PEOPLE = 4;
/** Clients of each kind per person. */
const CLIENTS_PER_KIND = 2;
/** Writes each client lands before the deletion is sent. */
const LANDED_BEFORE = 3;
/** A client stops after this many writes whatever happens (none should get near it). */
const MAX_WRITES = 400;

type Kind = "task" | "subscription" | "completion" | "upload";
const KINDS: readonly Kind[] = ["task", "subscription", "completion", "upload"];
/** What a write may answer: landed (2xx), the person gone (401), the task completed gone (404). */
const ANSWERABLE = new Set([200, 201, 204, 401, 404]);

let api: ApiOnLoopback;
let db: Db;
let pdf: Buffer;
const statuses = new Tally();
const deletionMs: number[] = [];
let writes = 0;
let landedBefore = 0;
let refusedAfter = 0;
let orphansFound = 0;

beforeAll(async () => {
  api = await startApiOnLoopback();
  db = api.deps.database.db;
  pdf = await pdfBill();
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 17 delete account during writes", {
    engine: api.deps.database.kind,
    people: PEOPLE,
    clients_per_person: KINDS.length * CLIENTS_PER_KIND,
    writes,
    landed_before_deletion: landedBefore,
    refused_after: refusedAfter,
    statuses: statuses.counts,
    deletion_ms_median: Math.round(median(deletionMs)),
    deletion_ms_max: Math.round(Math.max(0, ...deletionMs)),
    orphan_rows: orphansFound,
  });
});

function send(method: string, path: string, token: string, body?: unknown): Promise<Exchange> {
  const headers: [string, string][] = [["Authorization", `Bearer ${token}`]];
  if (body !== undefined) headers.push(["Content-Type", "application/json"]);
  return exchange(api.url, {
    method,
    path,
    query: "",
    headers,
    body: body === undefined ? null : { text: JSON.stringify(body), chunked: false },
  });
}

function idOf(answer: Exchange): number {
  if (answer.json === null || !("value" in answer.json)) throw new Error(answer.text);
  return (answer.json.value as { id: number }).id;
}

/** The records a person's writes created, by table, to find them gone afterwards. */
interface Created {
  tasks: number[];
  subscriptions: number[];
  files: number[];
}

function writeOf(kind: Kind, token: string, taskId: number, round: number): Promise<Exchange> {
  switch (kind) {
    case "task":
      return send("POST", "/tasks/", token, {
        title: `Task ${String(round)}`,
        due_date: "2026-12-01T09:00:00Z",
        frequency: "Weekly",
      });
    case "subscription":
      return send("POST", "/subscriptions/", token, {
        name: `Subscription ${String(round)}`,
        next_renewal_date: "2026-12-12",
        cost: 9.99,
        frequency: "Monthly",
      });
    case "completion":
      return send("POST", `/tasks/${String(taskId)}/complete`, token);
    case "upload":
      return uploadFile(api.url, token, {
        bytes: pdf,
        name: `bill-${String(round)}.pdf`,
        claimedType: "application/pdf",
        chunked: false,
      });
    default: {
      const never: never = kind;
      throw new Error(`unknown kind ${String(never)}`);
    }
  }
}

/** Resolves once `check` holds, looking again every few milliseconds (at most `ms`). */
async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the clients' writes");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("suite 17: deleting an account while its devices write", () => {
  it(`leaves nothing of ${String(PEOPLE)} people and no orphan row, with no 5xx`, async () => {
    const bystander = await signInAs(api.deps);
    const bystanderToken = bystander.tokens.access_token;
    expect((await writeOf("task", bystanderToken, 0, 0)).status).toBe(201);
    expect((await writeOf("upload", bystanderToken, 0, 0)).status).toBe(201);
    const bystanderBefore = await accountRowCounts(db, await accountIdsOf(db, bystander.user.id));

    for (let person = 0; person < PEOPLE; person += 1) {
      const { user, tokens } = await signInAs(api.deps);
      const token = tokens.access_token;
      const email = user.email;
      const seeded = await send("POST", "/tasks/", token, {
        title: "Water the plants",
        due_date: "2026-01-05T08:00:00Z",
        frequency: "Daily",
      });
      const taskId = idOf(seeded);
      const created: Created = { tasks: [taskId], subscriptions: [], files: [] };
      let deletionSent = false;
      const landed = new Map<number, number>();

      const clients = KINDS.flatMap((kind) =>
        Array.from({ length: CLIENTS_PER_KIND }, async (_, index) => {
          const client = KINDS.indexOf(kind) * CLIENTS_PER_KIND + index;
          for (let round = 0; round < MAX_WRITES; round += 1) {
            const answer = await writeOf(kind, token, taskId, round);
            writes += 1;
            statuses.add(answer.status);
            expect(ANSWERABLE.has(answer.status), `${kind}: ${answer.text}`).toBe(true);
            if (answer.status >= 400) {
              if (deletionSent) refusedAfter += 1;
              // A 401 or 404 before the deletion was sent would be a wrong answer.
              expect(deletionSent, `${kind} refused before the deletion: ${answer.text}`).toBe(
                true,
              );
              return;
            }
            if (!deletionSent) landedBefore += 1;
            landed.set(client, (landed.get(client) ?? 0) + 1);
            if (kind === "task") created.tasks.push(idOf(answer));
            if (kind === "subscription") created.subscriptions.push(idOf(answer));
            if (kind === "upload") created.files.push(idOf(answer));
          }
          throw new Error(`${kind} client wrote ${String(MAX_WRITES)} times and was never refused`);
        }),
      );
      const clientCount = KINDS.length * CLIENTS_PER_KIND;
      await until(
        () => landed.size === clientCount && [...landed.values()].every((n) => n >= LANDED_BEFORE),
        60_000,
      );

      deletionSent = true;
      const started = performance.now();
      const deletion = await send("DELETE", "/users/me", token, { confirm: email });
      deletionMs.push(performance.now() - started);
      await Promise.all(clients);
      expect(deletion.status, deletion.text).toBe(204);

      const orphans = await orphanRows(db);
      orphansFound += Object.values(orphans).reduce((sum, n) => sum + n, 0);
      expect(orphans).toEqual({});
      const left = await accountRowCounts(db, await accountIdsOf(db, user.id));
      expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
      // Every record a write created before it, gone with it.
      for (const [table, ids] of [
        [tables.tasks, created.tasks],
        [tables.subscriptions, created.subscriptions],
        [tables.files, created.files],
      ] as const) {
        const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
        expect(found).toEqual([]);
      }
    }

    // The bystander's rows are as they were, and the API goes on serving.
    expect(await accountRowCounts(db, await accountIdsOf(db, bystander.user.id))).toEqual(
      bystanderBefore,
    );
    expect((await send("GET", "/tasks/", bystanderToken)).status).toBe(200);
    expect(
      (
        await exchange(api.url, {
          method: "GET",
          path: "/health",
          query: "",
          headers: [],
          body: null,
        })
      ).status,
    ).toBe(200);
  });
});
