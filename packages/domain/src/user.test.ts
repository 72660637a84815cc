import { describe, expect, it } from "vitest";
import { UserUpdateSchema } from "./user-update.js";
import { UserSchema, avatarLetter, displayName } from "./user.js";

const USER = {
  id: 1,
  email: "ada@example.com",
  full_name: "Ada Lovelace",
  picture: null,
  created_at: "2026-01-01T00:00:00Z",
};

const WITHOUT_A_NAME = [
  ["no user", null],
  ["an undefined user", undefined],
  ["a null name", { full_name: null }],
  ["an empty name", { full_name: "" }],
  ["a blank name", { full_name: " \t " }],
] as const;

describe("displayName", () => {
  it("shows the full name", () => {
    expect(displayName({ full_name: "Ada Lovelace" })).toBe("Ada Lovelace");
  });

  it("trims the full name", () => {
    expect(displayName({ full_name: "  Ada  " })).toBe("Ada");
  });

  it.each(WITHOUT_A_NAME)("shows 'Guest' for %s", (_, user) => {
    expect(displayName(user)).toBe("Guest");
  });
});

describe("avatarLetter", () => {
  it("shows the first letter of the full name", () => {
    expect(avatarLetter({ full_name: "Ada Lovelace" })).toBe("A");
  });

  it("upper-cases the first letter", () => {
    expect(avatarLetter({ full_name: "ada" })).toBe("A");
  });

  it("ignores leading whitespace", () => {
    expect(avatarLetter({ full_name: "  grace" })).toBe("G");
  });

  it("keeps an accented letter whole, written or composed", () => {
    expect(avatarLetter({ full_name: "émilie" })).toBe("É");
    expect(avatarLetter({ full_name: "e\u0301milie" })).toBe("E\u0301");
  });

  it("keeps an emoji whole, even one made of several code points", () => {
    expect(avatarLetter({ full_name: "😀 Smile" })).toBe("😀");
    expect(avatarLetter({ full_name: "👨‍👩‍👧 Family" })).toBe("👨‍👩‍👧");
    expect(avatarLetter({ full_name: "🇬🇧 Alex" })).toBe("🇬🇧");
  });

  it.each(WITHOUT_A_NAME)("shows 'G' for %s", (_, user) => {
    expect(avatarLetter(user)).toBe("G");
  });
});

describe("UserSchema", () => {
  it("accepts a user as the API returns it, with or without a name", () => {
    expect(UserSchema.parse({ ...USER, time_zone: "Europe/London" })).toMatchObject({
      ...USER,
      time_zone: "Europe/London",
    });
    expect(UserSchema.parse({ ...USER, full_name: null }).full_name).toBeNull();
  });

  it("reads a user from before time zones (issue 20) as in UTC", () => {
    expect(UserSchema.parse(USER).time_zone).toBe("UTC");
  });

  it("takes a time zone edit only with a zone the runtime knows", () => {
    expect(UserUpdateSchema.parse({ time_zone: "America/New_York" })).toEqual({
      time_zone: "America/New_York",
    });
    expect(UserUpdateSchema.safeParse({ time_zone: "Mars/Olympus" }).success).toBe(false);
  });

  it("reads a user from before issue 22 as in dollars, with nothing picked", () => {
    expect(UserSchema.parse(USER)).toMatchObject({
      currency: "USD",
      currency_chosen: false,
      time_zone_chosen: false,
    });
  });

  it.each([
    ["an id of 0", { id: 0 }],
    ["a created_at without a time", { created_at: "2026-01-01" }],
    ["a missing email", { email: undefined }],
  ])("rejects a user with %s", (_, override) => {
    expect(UserSchema.safeParse({ ...USER, ...override }).success).toBe(false);
  });
});

describe("UserUpdateSchema", () => {
  it("takes a name trimmed, of 1 to 100 characters with one visible", () => {
    expect(UserUpdateSchema.parse({ full_name: "  Ada  " })).toEqual({ full_name: "Ada" });
    expect(UserUpdateSchema.parse({ full_name: "A".repeat(100) }).full_name).toHaveLength(100);
    expect(UserUpdateSchema.safeParse({ full_name: "A".repeat(101) }).success).toBe(false);
    expect(UserUpdateSchema.safeParse({ full_name: " \u200b " }).success).toBe(false);
    expect(UserUpdateSchema.safeParse({ full_name: null }).success).toBe(false);
  });

  it("takes a currency only as an ISO 4217 code the runtime knows", () => {
    expect(UserUpdateSchema.parse({ currency: "JPY" })).toEqual({ currency: "JPY" });
    for (const currency of ["jpy", "ABC", "EURO", "", 978]) {
      expect(UserUpdateSchema.safeParse({ currency }).success).toBe(false);
    }
  });
});
