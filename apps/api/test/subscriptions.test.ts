import {
  type SubscriptionWithSharing,
  SubscriptionWithSharingSchema,
} from "@life-admin/domain/household";
import { beforeAll, describe, expect, it } from "vitest";
import { get, post } from "./support/http.js";
import { signInAs, useTestApp } from "./support/test-app.js";

// decisions D10: an active subscription never shows a renewal before today. The dates below are
// in 2026 and must stay ahead of the clock: the API's "today" is pinned to 15 January 2026.
const t = useTestApp({ now: () => new Date("2026-01-15T12:00:00Z") });

const netflix = {
  name: "Netflix",
  next_renewal_date: "2026-02-28",
  cost: 10.99,
  frequency: "Monthly",
  priority: "Medium",
  cancel_link: "https://www.netflix.com/cancelplan",
  remind_days_before: 3,
};

describe("POST /subscriptions/", () => {
  it("creates a subscription and answers 201 with cost as a number and the date as YYYY-MM-DD", async () => {
    const { user, tokens } = await signInAs(t.deps);
    const res = await post(t.app, "/subscriptions/", { token: tokens.access_token, body: netflix });
    expect(res.status).toBe(201);
    const created = SubscriptionWithSharingSchema.parse(res.body);
    expect(created).toEqual({
      id: created.id,
      ...netflix,
      interval: 1,
      active: true,
      file_id: null,
      // decisions D9, D10: the renewals roll forward from the date entered.
      repeats_from: netflix.next_renewal_date,
      owner_id: user.id,
      shared: false,
      assignee_id: null,
    });
  });

  it("applies the defaults: priority Medium, reminder 7 days, no cancel link", async () => {
    const { tokens } = await signInAs(t.deps);
    const res = await post(t.app, "/subscriptions/", {
      token: tokens.access_token,
      body: { name: "Gym", next_renewal_date: "2026-04-01", cost: 30, frequency: "Monthly" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      priority: "Medium",
      remind_days_before: 7,
      cancel_link: null,
      cost: 30,
    });
  });

  it("keeps two decimals exactly, up to the largest allowed cost", async () => {
    const { tokens } = await signInAs(t.deps);
    for (const cost of [0, 0.1, 0.3, 999_999.99, 1_000_000]) {
      const res = await post(t.app, "/subscriptions/", {
        token: tokens.access_token,
        body: { ...netflix, cost },
      });
      expect(res.status).toBe(201);
      expect((res.body as { cost: number }).cost).toBe(cost);
    }
  });

  it("needs a signed-in user", async () => {
    const res = await post(t.app, "/subscriptions/", { body: netflix });
    expect(res.status).toBe(401);
  });
});

describe("GET /subscriptions/", () => {
  it("lists only the signed-in user's subscriptions, next renewal first", async () => {
    const alice = await signInAs(t.deps);
    const bob = await signInAs(t.deps);
    const add = (token: string, body: object) =>
      post(t.app, "/subscriptions/", { token, body: { ...netflix, ...body } });
    await add(alice.tokens.access_token, { name: "Later", next_renewal_date: "2026-06-01" });
    await add(alice.tokens.access_token, { name: "Sooner", next_renewal_date: "2026-05-01" });
    await add(bob.tokens.access_token, { name: "Bob's" });

    const names = async (token: string) =>
      ((await get(t.app, "/subscriptions/", { token })).body as { name: string }[]).map(
        (s) => s.name,
      );
    expect(await names(alice.tokens.access_token)).toEqual(["Sooner", "Later"]);
    expect(await names(bob.tokens.access_token)).toEqual(["Bob's"]);
  });

  it("lists each subscription exactly as it was answered on create, whatever its values (db/json-fields.ts)", async () => {
    const { tokens } = await signInAs(t.deps);
    const bodies = [
      { ...netflix, cancel_link: null },
      // One line (a name refuses line breaks): a tab comes back as the space it is kept as.
      { ...netflix, name: 'Quotes " \\ backslash, tab\t, accents é, emoji 🙂, <tag> & "' },
      { ...netflix, cost: 0, next_renewal_date: "0005-01-02" },
      { ...netflix, cost: 30, next_renewal_date: "2026-01-31" },
      { ...netflix, cost: 0.1, remind_days_before: 0 },
      { ...netflix, cost: 999_999.99, next_renewal_date: "9999-12-31" },
      { ...netflix, cost: 12.5, cancel_link: "https://example.com/?a=1&b=%C3%A9#x" },
      { name: "Defaults only", next_renewal_date: "2026-03-01", cost: 5, frequency: "Yearly" },
    ];
    const created: SubscriptionWithSharing[] = [];
    for (const body of bodies) {
      const res = await post(t.app, "/subscriptions/", { token: tokens.access_token, body });
      expect(res.status).toBe(201);
      created.push(SubscriptionWithSharingSchema.parse(res.body));
    }
    const byRenewal = [...created].sort(
      (a, b) => a.next_renewal_date.localeCompare(b.next_renewal_date) || a.id - b.id,
    );
    for (const query of ["", "?frequency=Monthly", "?priority=Medium&frequency=Monthly"]) {
      const list = await get(t.app, `/subscriptions/${query}`, { token: tokens.access_token });
      const expected = byRenewal.filter((s) => query === "" || s.frequency === "Monthly");
      expect(list.body).toStrictEqual(expected);
      // Byte for byte what JSON.stringify writes: compact, escaped the same way, 30 not 30.00.
      expect(list.text).toBe(JSON.stringify(expected));
    }
  });

  describe("filters", () => {
    let token: string;
    beforeAll(async () => {
      ({
        tokens: { access_token: token },
      } = await signInAs(t.deps));
      const rows = [
        { name: "A", frequency: "Monthly", priority: "High" },
        { name: "B", frequency: "Monthly", priority: "Low" },
        { name: "C", frequency: "Yearly", priority: "High" },
        { name: "D", frequency: "Weekly", priority: "Medium" },
      ];
      for (const [i, row] of rows.entries()) {
        await post(t.app, "/subscriptions/", {
          token,
          body: { ...netflix, ...row, next_renewal_date: `2026-07-0${i + 1}` },
        });
      }
    });
    const names = async (query: string) => {
      const res = await get(t.app, `/subscriptions/${query}`, { token });
      expect(res.status).toBe(200);
      return (res.body as { name: string }[]).map((s) => s.name);
    };

    it("returns everything without a filter", async () => {
      expect(await names("")).toEqual(["A", "B", "C", "D"]);
    });
    it("filters by frequency alone", async () => {
      expect(await names("?frequency=Monthly")).toEqual(["A", "B"]);
    });
    it("filters by priority alone", async () => {
      expect(await names("?priority=High")).toEqual(["A", "C"]);
    });
    it("applies both filters together", async () => {
      expect(await names("?frequency=Monthly&priority=High")).toEqual(["A"]);
    });
    it("returns an empty list when nothing matches", async () => {
      expect(await names("?frequency=Daily")).toEqual([]);
    });

    it("answers 422 naming the query parameter for an unknown frequency or priority", async () => {
      const res = await get(t.app, "/subscriptions/?frequency=Hourly&priority=Urgent", { token });
      expect(res.status).toBe(422);
      const detail = (res.body as { detail: { loc: string[]; type: string; msg: string }[] })
        .detail;
      expect(detail.map((d) => d.loc)).toEqual([
        ["query", "frequency"],
        ["query", "priority"],
      ]);
      expect(detail.every((d) => d.type === "enum" && d.msg.length > 0)).toBe(true);
    });

    it("answers 422 for an empty filter value, which is not one of the values", async () => {
      const res = await get(t.app, "/subscriptions/?priority=", { token });
      expect(res.status).toBe(422);
    });

    it("answers 422 for a filter given twice", async () => {
      const res = await get(t.app, "/subscriptions/?frequency=Monthly&frequency=Yearly", { token });
      expect(res.status).toBe(422);
    });
  });
});
