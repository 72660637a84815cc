// The real side of suite 5's households: the people of a run, signed in to the API on loopback,
// and their requests, each answer checked against the model's forbidden text (issue 23: no leak
// across households or of an unshared record) and for a 5xx, which no request may meet.
import { expect } from "vitest";
import type { ApiOnLoopback } from "./api-on-loopback.js";
import { Tally } from "./figures.js";
import { forbiddenTexts, type HouseholdModel } from "./household-model.js";
import { exchange, type Exchange } from "./http-exchange.js";

export interface HouseholdPeople {
  api: ApiOnLoopback;
  /** Each person's access token, by user id. */
  tokens: Map<number, string>;
  /** Moves the API's clock on by `ms` from the real one (0: the real one again). */
  moveClock(ms: number): void;
}

/** What a run counted, for its figures line. */
export const counted = { steps: new Tally(), outcomes: new Tally(), requests: 0, scans: 0 };

/** `user` signed in again at the API's present time (after its clock moved). */
export async function signInAgain(people: HouseholdPeople, user: number) {
  const tokens = await people.api.deps.tokens.issueSignIn(user);
  people.tokens.set(user, tokens.access_token);
}

/** `user`'s request; the model says what the answer may not hold at this moment. */
export async function call(
  model: HouseholdModel,
  people: HouseholdPeople,
  user: number,
  method: string,
  target: string,
  body?: unknown,
): Promise<Exchange> {
  const [path = target, query = ""] = target.split("?");
  const headers: [string, string][] = [["Authorization", `Bearer ${people.tokens.get(user)}`]];
  if (body !== undefined) headers.push(["Content-Type", "application/json"]);
  const forbidden = forbiddenTexts(model, user);
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
  counted.scans += forbidden.length;
  const leaked = forbidden.filter((text) => answer.text.includes(text));
  expect(leaked, `leaked to ${user}: ${said}`).toEqual([]);
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
