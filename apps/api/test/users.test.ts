import { UserSchema } from "@life-admin/domain";
import { describe, expect, it } from "vitest";
import { upsertUserFromClaims } from "../src/auth/users.js";
import { get } from "./support/http.js";
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

describe("upsertUserFromClaims", () => {
  it("keeps one user per issuer and subject, updating the profile on the next sign-in", async () => {
    const db = t.deps.database.db;
    const first = await upsertUserFromClaims(db, {
      issuer: "https://issuer.test",
      subject: "sub-1",
      email: "old@example.test",
      fullName: "Old Name",
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
