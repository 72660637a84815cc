// Issue 23: people in households, made through the API as people make them (a household, a link
// from its owner, joined with it), for the tests of what households share.
import type { TokenSet } from "@life-admin/domain";
import { expect } from "vitest";
import { post } from "./http.js";
import { type TestApp, signInAs } from "./test-app.js";

export interface Person {
  id: number;
  name: string;
  tokens: TokenSet;
}

/** A new person named `name`, signed in. */
export async function newPerson(t: TestApp, name = "Test User"): Promise<Person> {
  const { user, tokens } = await signInAs(t.deps, { fullName: name });
  return { id: user.id, name, tokens };
}

/** The request options of `who`'s requests: their access token. */
export const as = (who: Person) => ({ token: who.tokens.access_token });

/** A household `owner` creates, and `members` join one by one with links of the owner's. */
export async function makeHousehold(t: TestApp, owner: Person, members: Person[] = []) {
  const made = await post(t.app, "/households/", { ...as(owner), body: { name: "Home" } });
  expect(made.status, made.text).toBe(201);
  for (const joining of members) {
    const link = await post(t.app, "/households/me/invitations", as(owner));
    const { token } = link.body as { token: string };
    const joined = await post(t.app, "/households/join", { ...as(joining), body: { token } });
    expect(joined.status, joined.text).toBe(200);
  }
}

/** Three people in one household (`owner` made it), and `stranger`, who owns another. */
export async function threeAtHomeAndAStranger(t: TestApp) {
  const [owner, member, other, stranger] = [
    await newPerson(t),
    await newPerson(t),
    await newPerson(t),
    await newPerson(t),
  ];
  await makeHousehold(t, owner, [member, other]);
  await makeHousehold(t, stranger);
  return { owner, member, other, stranger };
}
