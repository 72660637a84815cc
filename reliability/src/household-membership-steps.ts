// Suite 5's households, the membership steps (issue 23, decisions D16): people make a household,
// its owner makes links, people join with them (once each: a used link is 410, an expired one too,
// a link of a household that has ended 404), the owner removes members and anyone leaves. A person
// removed or gone is checked at their very next requests: every list of theirs is the model's.
import { createHash } from "node:crypto";
import { tables } from "@life-admin/api/testing";
import { INVITATION_LIFETIME_DAYS } from "@life-admin/domain/household";
import { eq } from "drizzle-orm";
import type fc from "fast-check";
import { expect } from "vitest";
import {
  accessOf,
  householdAnswer,
  householdOf,
  memberGone,
  waitingLinks,
  type HouseholdModel,
  type ModelHousehold,
} from "./household-model.js";
import {
  call,
  counted,
  expectRefusal,
  jsonOf,
  signInAgain,
  type HouseholdPeople,
} from "./household-people.js";
import { expectEveryList, expectReads, personAt } from "./shared-record-steps.js";

type Step = fc.AsyncCommand<HouseholdModel, HouseholdPeople>;

// The API's words (apps/api/src/db/households.ts), which a person reads.
const NOT_IN_A_HOUSEHOLD = "You are not in a household";
const ALREADY_IN_A_HOUSEHOLD =
  "You are already in a household. Leave it before creating or joining another.";
const ALREADY_IN_THIS_HOUSEHOLD = "You are already in this household";
const ONLY_THE_OWNER_INVITES = "Only the household's owner can invite people";
const ONLY_THE_OWNER_REMOVES = "Only the household's owner can remove members";
const OWNER_LEAVES_INSTEAD = "You cannot remove yourself: leave the household instead";
const MEMBER_NOT_FOUND = "Member not found";
const INVITATION_NOT_FOUND = "This invitation link is not valid. Ask for a new one.";
const INVITATION_USED = "This invitation link has already been used. Ask for a new one.";
const INVITATION_EXPIRED = "This invitation link has expired. Ask for a new one.";
const MAX_WAITING_LINKS = 20;
const LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** `user`'s household as GET /households/me answers it: the model's, or 404. */
async function expectHousehold(model: HouseholdModel, people: HouseholdPeople, user: number) {
  const answer = await call(model, people, user, "GET", "/households/me");
  const household = householdOf(model, user);
  if (household === undefined) {
    expectRefusal(answer, 404, NOT_IN_A_HOUSEHOLD);
    return;
  }
  expect(answer.status, answer.text).toBe(200);
  expect(jsonOf(answer)).toEqual(householdAnswer(model, household));
}

/**
 * D16: links are stored hashed. The household's rows in the database hold no token the run was
 * given, and each waiting link's SHA-256 exactly once.
 */
async function expectLinksStoredHashed(
  model: HouseholdModel,
  people: HouseholdPeople,
  household: ModelHousehold,
) {
  const { householdInvitations } = tables;
  const rows = await people.api.deps.database.db
    .select()
    .from(householdInvitations)
    .where(eq(householdInvitations.householdId, household.id));
  counted.outcomes.add("invitation rows read", rows.length);
  const stored = JSON.stringify(rows);
  for (const { token } of model.invitations) expect(stored.includes(token)).toBe(false);
  for (const { token } of waitingLinks(model, household)) {
    const hash = createHash("sha256").update(token).digest("hex");
    expect(rows.filter((row) => row.tokenHash === hash)).toHaveLength(1);
  }
}

export class CreateHousehold implements Step {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add("create household");
    const user = personAt(model, this.who);
    const mark = `«${model.tag}h${model.households.length + 1}»`;
    const name = `Home ${mark}`;
    const inOne = householdOf(model, user) !== undefined;
    const answer = await call(model, people, user, "POST", "/households/", { name }, mark);
    if (inOne) {
      expectRefusal(answer, 409, ALREADY_IN_A_HOUSEHOLD);
      return;
    }
    expect(answer.status, answer.text).toBe(201);
    const id = (jsonOf(answer) as { id: number }).id;
    const household = { id, name, owner: user, members: [user], ended: false };
    model.households.push(household);
    expect(jsonOf(answer)).toEqual(householdAnswer(model, household));
  }
  toString = () => `CreateHousehold(${this.who})`;
}

/** The owner makes a link: a token for 7 days, of which the database keeps only the hash. */
export class Invite implements Step {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add("invite");
    const user = personAt(model, this.who);
    const household = householdOf(model, user);
    const asked = Date.now();
    const answer = await call(model, people, user, "POST", "/households/me/invitations", {});
    if (household === undefined) {
      expectRefusal(answer, 404, NOT_IN_A_HOUSEHOLD);
      return;
    }
    if (household.owner !== user) {
      expectRefusal(answer, 403, ONLY_THE_OWNER_INVITES);
      return;
    }
    if (waitingLinks(model, household).length >= MAX_WAITING_LINKS) {
      counted.outcomes.add("invite 409: 20 links waiting");
      expect(answer.status, answer.text).toBe(409);
      return;
    }
    expect(answer.status, answer.text).toBe(201);
    const link = jsonOf(answer) as { url: string; token: string; expires_at: string };
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url.endsWith(`/join#${link.token}`)).toBe(true);
    const expires = Date.parse(link.expires_at);
    expect(expires).toBeGreaterThanOrEqual(asked + LIFETIME_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + LIFETIME_MS + 1000);
    model.invitations.push({ token: link.token, household, used: false });
    await expectLinksStoredHashed(model, people, household);
  }
  toString = () => `Invite(${this.who})`;
}

/** The answer a join with `invitation` must have, and why, from the model. */
function joinOutcome(
  model: HouseholdModel,
  user: number,
  invitation: HouseholdModel["invitations"][number],
) {
  if (invitation.household.ended)
    return { status: 404, detail: INVITATION_NOT_FOUND, why: "household ended" };
  if (invitation.used) return { status: 410, detail: INVITATION_USED, why: "used" };
  const mine = householdOf(model, user);
  if (mine === invitation.household) {
    return { status: 409, detail: ALREADY_IN_THIS_HOUSEHOLD, why: "already in it" };
  }
  if (mine !== undefined) return { status: 409, detail: ALREADY_IN_A_HOUSEHOLD, why: "in another" };
  return { status: 200, detail: null, why: "joined" };
}

/** A person opens one of the run's links: any of them, used, waiting or of an ended household. */
export class Join implements Step {
  constructor(
    readonly who: number,
    readonly pick: number,
  ) {}
  check = (model: Readonly<HouseholdModel>) => model.invitations.length > 0;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add("join");
    const user = personAt(model, this.who);
    const invitation = model.invitations[this.pick % model.invitations.length];
    if (invitation === undefined) throw new Error("no link to join with");
    const outcome = joinOutcome(model, user, invitation);
    counted.outcomes.add(`join ${outcome.status}: ${outcome.why}`);
    // A refusal leaves the link as it was (the transaction is undone); a join uses it up.
    if (outcome.detail === null) {
      invitation.used = true;
      invitation.household.members.push(user);
    }
    const answer = await call(model, people, user, "POST", "/households/join", {
      token: invitation.token,
    });
    if (outcome.detail !== null) {
      expectRefusal(answer, outcome.status, outcome.detail);
      return;
    }
    expect(answer.status, answer.text).toBe(200);
    expect(jsonOf(answer)).toEqual(householdAnswer(model, invitation.household));
  }
  toString = () => `Join(${this.who}, ${this.pick})`;
}

/**
 * The owner makes a link and hands it to the pick-th person in no household (anyone, when all are
 * in one), who opens it at once: most often a join.
 */
export class InviteAndJoin implements Step {
  constructor(
    readonly who: number,
    readonly joiner: number,
  ) {}
  check = () => true;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    await new Invite(this.who).run(model, people);
    const household = householdOf(model, personAt(model, this.who));
    const link = model.invitations.at(-1);
    if (link === undefined || link.household !== household || link.used) return;
    const free = model.people.filter((p) => householdOf(model, p) === undefined);
    const joiner =
      free.length === 0 ? this.joiner : model.people.indexOf(free[this.joiner % free.length] ?? -1);
    await new Join(joiner, model.invitations.length - 1).run(model, people);
  }
  toString = () => `InviteAndJoin(${this.who}, ${this.joiner})`;
}

/**
 * A person opens a waiting link 7 days and a second after it was made (the API's clock moved on,
 * the person signed in again at that time): 410, whoever they are, and the link is not used.
 */
export class JoinExpired implements Step {
  constructor(
    readonly who: number,
    readonly pick: number,
  ) {}
  check = (model: Readonly<HouseholdModel>) =>
    model.invitations.some((i) => !i.used && !i.household.ended);
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add("join expired");
    const user = personAt(model, this.who);
    const waiting = model.invitations.filter((i) => !i.used && !i.household.ended);
    const invitation = waiting[this.pick % waiting.length];
    if (invitation === undefined) throw new Error("no waiting link");
    people.moveClock(LIFETIME_MS + 1000);
    try {
      await signInAgain(people, user);
      const answer = await call(model, people, user, "POST", "/households/join", {
        token: invitation.token,
      });
      expectRefusal(answer, 410, INVITATION_EXPIRED);
    } finally {
      people.moveClock(0);
      await signInAgain(people, user);
    }
    await expectHousehold(model, people, user);
  }
  toString = () => `JoinExpired(${this.who}, ${this.pick})`;
}

/** The refusal of `user`'s removing `target` (households.ts' remove), or null: a 204. */
function removalRefusal(
  household: ModelHousehold | undefined,
  user: number,
  target: number,
): [number, string] | null {
  if (household === undefined) return [404, NOT_IN_A_HOUSEHOLD];
  if (household.owner !== user) return [403, ONLY_THE_OWNER_REMOVES];
  if (target === user) return [409, OWNER_LEAVES_INSTEAD];
  if (!household.members.includes(target)) return [404, MEMBER_NOT_FOUND];
  return null;
}

/** The owner removes someone: out at their next request, their lists the model's at once. */
export class RemoveMember implements Step {
  constructor(
    readonly who: number,
    readonly target: number,
  ) {}
  check = () => true;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add("remove member");
    const user = personAt(model, this.who);
    const target = personAt(model, this.target);
    const household = householdOf(model, user);
    const path = `/households/me/members/${target}`;
    const answer = await call(model, people, user, "DELETE", path);
    const refusal = removalRefusal(household, user, target);
    if (refusal !== null || household === undefined) {
      expectRefusal(answer, ...(refusal ?? [404, NOT_IN_A_HOUSEHOLD]));
      return;
    }
    expect(answer.status, answer.text).toBe(204);
    counted.outcomes.add("removed");
    const reached = model.records.filter((r) => accessOf(model, r, target) !== "none");
    memberGone(model, household, target);
    await expectHousehold(model, people, target);
    await expectEveryList(model, people, target);
    // What they reached through the household the moment before is a 404 now.
    await expectReads(model, people, target, reached);
  }
  toString = () => `RemoveMember(${this.who}, ${this.target})`;
}

/** A person leaves: their lists follow at once, and the household passes on or ends. */
export class Leave implements Step {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add("leave");
    const user = personAt(model, this.who);
    const household = householdOf(model, user);
    const answer = await call(model, people, user, "POST", "/households/me/leave", {});
    if (household === undefined) {
      expectRefusal(answer, 404, NOT_IN_A_HOUSEHOLD);
      return;
    }
    expect(answer.status, answer.text).toBe(204);
    const wasOwner = household.owner === user;
    const reached = model.records.filter((r) => accessOf(model, r, user) !== "none");
    memberGone(model, household, user);
    counted.outcomes.add(
      household.ended ? "left: household ended" : wasOwner ? "left: owner passed on" : "left",
    );
    await expectEveryList(model, people, user);
    await expectReads(model, people, user, reached);
    const next = household.members[0];
    if (next !== undefined) await expectHousehold(model, people, next);
  }
  toString = () => `Leave(${this.who})`;
}

export class ShowHousehold implements Step {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: HouseholdModel, people: HouseholdPeople) {
    counted.steps.add("show household");
    await expectHousehold(model, people, personAt(model, this.who));
  }
  toString = () => `ShowHousehold(${this.who})`;
}
