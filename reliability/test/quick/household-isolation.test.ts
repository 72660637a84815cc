// Issue 23, suite 5 grown to households (decisions D16): fast-check runs random sequences of four
// people making households, inviting, joining (with a waiting link, a used one, an expired one and
// one of a household that has ended), removing members and leaving, and making, sharing, assigning,
// editing, completing and deleting tasks and subscriptions, against the API over HTTP and a model
// (src/household-model.ts). Every list in both views and every read by id is exactly the model's;
// every refusal is the model's 403, 404, 409, 410 or 422 and changes nothing; and every mark of
// a record, household or person in an answer is one the person may read: no leak across
// households (nor runs) or of an unshared record. Links are checked stored as their SHA-256 alone. isolation.test.ts is the two-user half.
import { signInAs } from "@life-admin/api/testing";
import { PRIORITIES } from "@life-admin/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { startApiOnLoopback, type ApiOnLoopback } from "../../src/api-on-loopback.js";
import { printFigures } from "../../src/figures.js";
import { subscriptionInput, taskInput, text } from "../../src/generate/record-inputs.js";
import type { HouseholdModel } from "../../src/household-model.js";
import {
  CreateHousehold,
  Invite,
  Join,
  InviteAndJoin,
  JoinExpired,
  Leave,
  RemoveMember,
  ShowHousehold,
} from "../../src/household-membership-steps.js";
import { counted, type HouseholdPeople } from "../../src/household-people.js";
import { seeded, settings } from "../../src/settings.js";
import {
  CompleteTask,
  CreateRecord,
  DeleteRecord,
  EditFields,
  EditSharing,
  ListRecords,
  ReadRecord,
  Totals,
} from "../../src/shared-record-steps.js";

// Sequences a run: about 2,800 steps, in 15-80 s from a quiet machine to one as loaded as CI
// (100 ran past vitest's 120 s there).
const RUNS = 60;
const PEOPLE = 4;
let api: ApiOnLoopback;
/** How far the API's clock runs ahead of the real one (a link's expiry, for one request). */
let clockAhead = 0;
let runNumber = 0;

const person = fc.nat({ max: PEOPLE - 1 });
const shared = fc.option(fc.boolean(), { nil: undefined });
// Half the time someone of the run (themselves too), else null or not sent.
const assignTo = fc.oneof(person, fc.constantFrom(null, undefined));
const recordPick = fc.record({
  index: fc.nat(),
  among: fc.constantFrom("all" as const, "shared" as const, "assigned" as const),
});
const view = fc.constantFrom("mine" as const, "family" as const);
const kind = fc.constantFrom("tasks" as const, "subscriptions" as const);

const inviteAndJoin = fc.tuple(person, person).map(([p, q]) => new InviteAndJoin(p, q));
// Households made and joined more often than left: sharing needs them to form.
const membership = [
  person.map((p) => new CreateHousehold(p)),
  person.map((p) => new CreateHousehold(p)),
  person.map((p) => new Invite(p)),
  inviteAndJoin,
  inviteAndJoin,
  inviteAndJoin,
  fc.tuple(person, fc.nat()).map(([p, pick]) => new Join(p, pick)),
  fc.tuple(person, fc.nat()).map(([p, pick]) => new JoinExpired(p, pick)),
  fc.tuple(person, person).map(([p, target]) => new RemoveMember(p, target)),
  person.map((p) => new Leave(p)),
  person.map((p) => new ShowHousehold(p)),
];
const createShared = (input: fc.Arbitrary<Record<string, unknown>>, k: "tasks" | "subscriptions") =>
  fc
    .tuple(person, input, fc.boolean(), assignTo)
    .map(([p, body, on, to]) => new CreateRecord(p, k, body, on, to));
const records = [
  fc
    .tuple(person, taskInput, shared, assignTo)
    .map(([p, body, on, to]) => new CreateRecord(p, "tasks", body, on, to)),
  fc
    .tuple(person, subscriptionInput, shared, assignTo)
    .map(([p, body, on, to]) => new CreateRecord(p, "subscriptions", body, on, to)),
  // Shared ones twice more: what households are for.
  createShared(taskInput, "tasks"),
  createShared(subscriptionInput, "subscriptions"),
  fc
    .tuple(person, recordPick, shared, assignTo)
    .filter(([, , on, to]) => on !== undefined || to !== undefined)
    .map(([p, pick, on, to]) => new EditSharing(p, pick, on, to)),
  fc
    .tuple(person, recordPick, text, fc.constantFrom(...PRIORITIES), fc.boolean())
    .map(([p, pick, t, priority, active]) => new EditFields(p, pick, t, priority, active)),
  fc
    .tuple(
      person,
      recordPick,
      fc.constantFrom("complete" as const, "skip" as const, "uncomplete" as const),
    )
    .map(([p, pick, action]) => new CompleteTask(p, pick, action)),
  fc.tuple(person, recordPick).map(([p, pick]) => new DeleteRecord(p, pick)),
  fc.tuple(person, recordPick).map(([p, pick]) => new ReadRecord(p, pick)),
  fc.tuple(person, recordPick).map(([p, pick]) => new ReadRecord(p, pick)),
  fc.tuple(person, kind, view).map(([p, k, v]) => new ListRecords(p, k, v)),
  fc.tuple(person, kind, view).map(([p, k, v]) => new ListRecords(p, k, v)),
  fc.tuple(person, kind, view).map(([p, k, v]) => new ListRecords(p, k, v)),
  fc.tuple(person, view).map(([p, v]) => new Totals(p, v)),
];
// Longer sequences than the two-user half's: a household needs a few steps to form.
const commands = fc.commands([...membership, ...records], { maxCommands: 80, size: "+2" });

beforeAll(async () => {
  api = await startApiOnLoopback({ now: () => new Date(Date.now() + clockAhead) });
});

afterAll(async () => {
  await api.stop();
  printFigures("suite 5 isolation, households", {
    seed: settings.seed,
    engine: api.deps.database.kind,
    runs: RUNS,
    people_per_run: PEOPLE,
    sequences: runNumber,
    steps: counted.steps.total(),
    by_step: counted.steps.counts,
    outcomes: counted.outcomes.counts,
    answers_scanned: counted.requests,
    marks_read_in_answers: counted.marks,
  });
});

describe(
  seeded(`suite 5: four people in households, random sharing, assigning, joining and leaving`),
  () => {
    it(`never shows anyone a record not shared with them, nor another household's (${RUNS} random sequences)`, async () => {
      await fc.assert(
        fc.asyncProperty(commands, async (sequence) => {
          runNumber += 1;
          const tag = `${runNumber}.`;
          const people: HouseholdPeople = {
            api,
            tokens: new Map(),
            moveClock: (ms) => {
              clockAhead = ms;
            },
          };
          const model: HouseholdModel = {
            tag,
            people: [],
            fullNames: new Map(),
            households: [],
            invitations: [],
            records: [],
            completions: new Map(),
          };
          // Fresh people each run, each with a name only their household may read.
          for (let i = 0; i < PEOPLE; i += 1) {
            const fullName = `Person «${tag}p${i}»`;
            const { user, tokens } = await signInAs(api.deps, { fullName });
            model.people.push(user.id);
            model.fullNames.set(user.id, fullName);
            people.tokens.set(user.id, tokens.access_token);
          }
          // Two households side by side to begin with (0 and 1, 2 and 3), made as people make them:
          // the random steps then share, assign, probe across them, and break them up.
          const opening = [
            new CreateHousehold(0),
            new InviteAndJoin(0, 0),
            new CreateHousehold(2),
            new InviteAndJoin(2, 0),
          ];
          for (const step of opening) await step.run(model, people);
          await fc.asyncModelRun(() => ({ model, real: people }), sequence);
        }),
        { seed: settings.seed, numRuns: RUNS, endOnFailure: true },
      );
    });
  },
);
