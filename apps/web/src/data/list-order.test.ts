import { describe, expect, it } from "vitest";
import { DENTIST, GYM, NETFLIX, PASSPORT } from "../test/samples";
import { withSubscription, withTask } from "./list-order";

describe("a record the API has just created", () => {
  it("takes a task's place by due instant, as the API's list orders it", () => {
    const early = { ...DENTIST, id: 9, due_date: "2026-11-23T15:30:00+02:00" };
    expect(withTask([PASSPORT, DENTIST], early).map((task) => task.id)).toEqual([9, 1, 2]);
  });

  it("puts a task due with another after it, by id", () => {
    const twin = { ...PASSPORT, id: 9 };
    expect(withTask([PASSPORT, DENTIST], twin).map((task) => task.id)).toEqual([1, 9, 2]);
  });

  it("takes a subscription's place by next renewal date, ties by id", () => {
    const sameDay = { ...NETFLIX, id: 9 };
    const later = { ...GYM, id: 10, next_renewal_date: "2026-12-01" };
    expect(withSubscription([NETFLIX, GYM], sameDay).map((s) => s.id)).toEqual([7, 9, 8]);
    expect(withSubscription([NETFLIX, GYM], later).map((s) => s.id)).toEqual([7, 8, 10]);
  });

  it("leaves the list it was given as it was", () => {
    const tasks = [PASSPORT];
    withTask(tasks, DENTIST);
    expect(tasks).toEqual([PASSPORT]);
  });
});
