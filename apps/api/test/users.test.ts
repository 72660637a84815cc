import { UserSchema } from "@life-admin/domain";
import { describe, expect, it } from "vitest";
import { upsertUserFromClaims } from "../src/auth/users.js";
import { currencyOfAcceptLanguage } from "../src/http/locale-currency.js";
import { call, get, post } from "./support/http.js";
import { signInAs, useTestApp } from "./support/test-app.js";

const t = useTestApp();

describe("GET /users/me", () => {
  it("returns the signed-in user: id, email, full_name, picture, created_at, time_zone, reminder settings", async () => {
    const { user, tokens } = await signInAs(t.deps, {
      email: "ada@example.test",
      fullName: "Ada Lovelace",
      picture: "https://example.test/ada.png",
    });
    const res = await get(t.app, "/users/me", { token: tokens.access_token });
    expect(res.status).toBe(200);
    const me = UserSchema.parse(res.body);
    expect(me).toEqual({
      id: user.id,
      email: "ada@example.test",
      full_name: "Ada Lovelace",
      picture: "https://example.test/ada.png",
      created_at: me.created_at,
      time_zone: "UTC",
      email_reminders: false,
      reminder_hour: 8,
      email_available: false,
      email_last_error: null,
      currency: "USD",
      currency_chosen: false,
      time_zone_chosen: false,
    });
    expect(Date.parse(me.created_at)).toBeLessThanOrEqual(Date.now());
    expect(Object.keys(res.body as object)).not.toContain("subject");
  });

  it("gives null for a user without a name or picture", async () => {
    const { tokens } = await signInAs(t.deps, { fullName: null, picture: null });
    const res = await get(t.app, "/users/me", { token: tokens.access_token });
    expect(res.body).toMatchObject({ full_name: null, picture: null });
  });

  it("answers 401 without a token", async () => {
    const res = await get(t.app, "/users/me");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Not authenticated" });
  });
});

describe("GET /users/me's currency (issue 22)", () => {
  it.each([
    ["en-GB,en;q=0.9", "GBP"],
    ["de-DE,de;q=0.9,en;q=0.8", "EUR"],
    ["ja-JP", "JPY"],
    ["en", "USD"],
    ["fr;q=1, fr-CH;q=0.9", "CHF"],
    ["en-US;q=0.1, en-IN;q=0.8", "INR"],
    ["es-419, pt-BR;q=0.5", "BRL"],
    ["*", "USD"],
    ["x-klingon-QQ;q=oops", "USD"],
  ])("answers the currency of the browser's region for %j: %s", async (header, currency) => {
    const { tokens } = await signInAs(t.deps);
    const res = await get(t.app, "/users/me", {
      token: tokens.access_token,
      headers: { "Accept-Language": header },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ currency, currency_chosen: false });
    expect(res.headers.get("Vary")).toContain("Accept-Language");
  });

  it("answers USD without an Accept-Language header", () => {
    expect(currencyOfAcceptLanguage(undefined)).toBe("USD");
    expect(currencyOfAcceptLanguage("")).toBe("USD");
    expect(currencyOfAcceptLanguage(`${"en,".repeat(2000)}en-GB`)).toBe("USD");
  });

  it("answers the person's pick from then on, whatever the browser's region", async () => {
    const { tokens } = await signInAs(t.deps);
    const token = tokens.access_token;
    const res = await call(t.app, "PATCH", "/users/me", { token, body: { currency: "JPY" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ currency: "JPY", currency_chosen: true });
    const again = await get(t.app, "/users/me", {
      token,
      headers: { "Accept-Language": "en-GB" },
    });
    expect(again.body).toMatchObject({ currency: "JPY", currency_chosen: true });
    expect(again.headers.get("Vary") ?? "").not.toContain("Accept-Language");
  });
});

describe("PATCH /users/me (issue 22)", () => {
  it("changes the name, trimmed, and leaves the rest as it was", async () => {
    const { tokens } = await signInAs(t.deps, { fullName: "Ada Lovelace" });
    const token = tokens.access_token;
    const before = UserSchema.parse((await get(t.app, "/users/me", { token })).body);
    const res = await call(t.app, "PATCH", "/users/me", {
      token,
      body: { full_name: "  Countess of Lovelace  " },
    });
    expect(res.status, res.text).toBe(200);
    expect(UserSchema.parse(res.body)).toEqual({ ...before, full_name: "Countess of Lovelace" });
    expect((await get(t.app, "/users/me", { token })).body).toMatchObject({
      full_name: "Countess of Lovelace",
    });
  });

  it.each([
    ["an empty name", { full_name: "" }, "full_name", "Name is required"],
    [
      "a name of spaces and a zero-width space",
      { full_name: " \u200b " },
      "full_name",
      "Name is required",
    ],
    ["a null name", { full_name: null }, "full_name", "Name is required"],
    [
      "a name of 101 characters",
      { full_name: "A".repeat(101) },
      "full_name",
      "Name must be at most 100 characters",
    ],
    [
      "a lower-case code",
      { currency: "eur" },
      "currency",
      "Use an ISO 4217 currency code like GBP",
    ],
    [
      "a code no runtime knows",
      { currency: "ABC" },
      "currency",
      "Use a currency this app knows, such as EUR or GBP",
    ],
    ["a number", { currency: 978 }, "currency", "Currency must be text"],
    ["a time_zone_chosen that is text", { time_zone_chosen: "yes" }, "time_zone_chosen", null],
    [
      "an offset for a time zone",
      { time_zone: "+05:00" },
      "time_zone",
      'Use an IANA time zone name, such as "Europe/London"',
    ],
    [
      "a time zone in lower case",
      { time_zone: "europe/london" },
      "time_zone",
      'Use an IANA time zone name, such as "Europe/London"',
    ],
  ])("refuses %s with a 422 naming the field, and changes nothing", async (_, body, field, msg) => {
    const { tokens } = await signInAs(t.deps, { fullName: "Ada" });
    const token = tokens.access_token;
    const before = (await get(t.app, "/users/me", { token })).body;
    const res = await call(t.app, "PATCH", "/users/me", { token, body });
    expect(res.status, res.text).toBe(422);
    const detail = (res.body as { detail: { loc: unknown[]; msg: string }[] }).detail;
    expect(detail, res.text).toHaveLength(1);
    expect(detail[0]?.loc).toEqual(["body", field]);
    if (msg !== null) expect(detail[0]?.msg).toBe(msg);
    expect((await get(t.app, "/users/me", { token })).body).toEqual(before);
  });

  it("keeps a time zone the person picked, and says so", async () => {
    const { tokens } = await signInAs(t.deps);
    const token = tokens.access_token;
    const res = await call(t.app, "PATCH", "/users/me", {
      token,
      body: { time_zone: "Asia/Tokyo", time_zone_chosen: true },
    });
    expect(res.status, res.text).toBe(200);
    expect((await get(t.app, "/users/me", { token })).body).toMatchObject({
      time_zone: "Asia/Tokyo",
      time_zone_chosen: true,
    });
  });

  it("writes the calendar feed's renewals in the person's currency once they pick one", async () => {
    const { tokens } = await signInAs(t.deps);
    const token = tokens.access_token;
    const created = await post(t.app, "/subscriptions/", {
      token,
      body: {
        name: "Netflix",
        cost: 1234.5,
        frequency: "Monthly",
        next_renewal_date: "2099-01-31",
        remind_me: "1 week before",
      },
    });
    expect(created.status, created.text).toBe(201);
    const feed = await get(t.app, "/calendar/feed", { token });
    const path = new URL((feed.body as { url: string }).url).pathname;
    const read = async (headers: Record<string, string> = {}) => {
      const res = await get(t.app, path, { headers });
      expect(res.status).toBe(200);
      // iCalendar escapes a comma in text (RFC 5545, 3.3.11).
      return /SUMMARY:Renewal: Netflix \(([^)]*)\)/.exec(res.text)?.[1]?.replaceAll("\\,", ",");
    };
    expect(await read()).toBe("$1,234.50");
    expect(await read({ "Accept-Language": "en-GB" })).toBe("£1,234.50");
    await call(t.app, "PATCH", "/users/me", { token, body: { currency: "JPY" } });
    expect(await read({ "Accept-Language": "en-GB" })).toBe("¥1,235");
  });
});

describe("upsertUserFromClaims", () => {
  it("keeps one user per issuer and subject, updating email, picture and a missing name on the next sign-in", async () => {
    const db = t.deps.database.db;
    const first = await upsertUserFromClaims(db, {
      issuer: "https://issuer.test",
      subject: "sub-1",
      email: "old@example.test",
      fullName: null,
    });
    const again = await upsertUserFromClaims(db, {
      issuer: "https://issuer.test",
      subject: "sub-1",
      email: "new@example.test",
      fullName: "New Name",
      picture: "https://example.test/p.png",
    });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({
      email: "new@example.test",
      fullName: "New Name",
      picture: "https://example.test/p.png",
    });
    expect(again.createdAt.getTime()).toBe(first.createdAt.getTime());
    expect(again.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
  });

  it("keeps a name the person gave in Settings when they sign in again (issue 22)", async () => {
    const { user, tokens } = await signInAs(t.deps, { fullName: "Ada Lovelace" });
    const res = await call(t.app, "PATCH", "/users/me", {
      token: tokens.access_token,
      body: { full_name: "Ada King" },
    });
    expect(res.status, res.text).toBe(200);
    const again = await upsertUserFromClaims(t.deps.database.db, {
      issuer: user.issuer,
      subject: user.subject,
      email: user.email,
      fullName: "Ada Lovelace",
    });
    expect(again).toMatchObject({ id: user.id, fullName: "Ada King" });
  });

  it("treats the same subject from another issuer as another user", async () => {
    const db = t.deps.database.db;
    const a = await upsertUserFromClaims(db, {
      issuer: "https://a.test",
      subject: "same",
      email: "a@example.test",
    });
    const b = await upsertUserFromClaims(db, {
      issuer: "https://b.test",
      subject: "same",
      email: "b@example.test",
    });
    expect(a.id).not.toBe(b.id);
  });
});
