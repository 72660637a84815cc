// The real side of suite 5's households: the people of a run, signed in to the API on loopback,
// and their requests, each answer's marks checked against those the model lets the person read
// (issue 23: no leak across households or of an unshared record) and for a 5xx, which none may meet.
import { expect } from "vitest";
import type { ApiOnLoopback } from "./api-on-loopback.js";
import { Tally } from "./figures.js";
import { markersIn, visibleMarkers, type HouseholdModel } from "./household-model.js";
import { exchange, type Exchange } from "./http-exchange.js";

export interface HouseholdPeople {
  api: ApiOnLoopback;
  /** Each person's access token, by user id. */
  tokens: Map<number, string>;
  /** Moves the API's clock on by `ms` from the real one (0: the real one again). */
  moveClock(ms: number): void;
}

/** What a run counted, for its figures line. */
export const counted = { steps: new Tally(), outcomes: new Tally(), requests: 0, marks: 0 };

/** `user` signed in again at the API's present time (after its clock moved). */
export async function signInAgain(people: HouseholdPeople, user: number) {
  const tokens = await people.api.deps.tokens.issueSignIn(user);
  people.tokens.set(user, tokens.access_token);
}

/**
 * `user`'s request; the model says which marks the answer may hold at this moment, besides `made`,
 * the mark of what the request itself makes (a record, a household).
 */
export async function call(
  model: HouseholdModel,
  people: HouseholdPeople,
  user: number,
  method: string,
  target: string,
  body?: unknown,
  made?: string,
): Promise<Exchange> {
  const [path = target, query = ""] = target.split("?");
  const headers: [string, string][] = [["Authorization", `Bearer ${people.tokens.get(user)}`]];
  if (body !== undefined) headers.push(["Content-Type", "application/json"]);
  const visible = visibleMarkers(model, user);
  if (made !== undefined) visible.add(made);
  const tokens = model.invitations.map((invitation) => invitation.token);
  counted.requests += 1;
  const answer = await exchange(people.api.url, {
    method,
    path,
    query,
    headers,
    body: body === undefined ? null : { text: JSON.stringify(body), chunked: false },
  });
  const said = `${method} ${target} by ${user}: ${answer.status} ${answer.text.slice(0, 400)}`;
  expect(answer.status, said).toBeLessThan(500);
  const marks = markersIn(answer.text);
  counted.marks += marks.length;
  const leaked = marks.filter((mark) => !visible.has(mark));
  expect(leaked, `leaked to ${user}: ${said}`).toEqual([]);
  // A link's token is in the answer that made it, and in no other.
  expect(
    tokens.filter((token) => answer.text.includes(token)),
    said,
  ).toEqual([]);
  return answer;
}

export function jsonOf(answer: Exchange): unknown {
  if (answer.json === null || !("value" in answer.json)) {
    throw new Error(`not JSON: ${answer.status} ${answer.text}`);
  }
  return answer.json.value;
}

/** The answer is `status` with exactly `{"detail": detail}`, FastAPI's shape. */
export function expectRefusal(answer: Exchange, status: number, detail: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(jsonOf(answer)).toEqual({ detail });
}
