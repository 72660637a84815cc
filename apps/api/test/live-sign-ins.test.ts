// decisions D3 with issue 7's batching (src/auth/live-sign-ins.ts): requests that arrive together
// are checked in one query, and each still gets its own answer: its own user, or a 401 when its
// sign-in has ended or is not its user's.
import { type User } from "@life-admin/domain";
import { SignJWT, decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { call, get } from "./support/http.js";
import { TEST_API_URL, signInAs, useTestApp } from "./support/test-app.js";

const t = useTestApp();

/** A genuinely signed access token for `userId` naming another sign-in. */
async function tokenNaming(userId: number, signInId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: signInId })
    .setProtectedHeader({ alg: "EdDSA", typ: "at+jwt" })
    .setSubject(String(userId))
    .setIssuer(TEST_API_URL)
    .setAudience(TEST_API_URL)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(t.keys.privateKey);
}

describe("requests checked together", () => {
  it("each get their own user, and only the ended or mismatched sign-ins get 401", async () => {
    const live = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signInAs(t.deps, { email: `live${i}@example.test` })),
    );
    const ended = await Promise.all([signInAs(t.deps), signInAs(t.deps)]);
    for (const { tokens } of ended) {
      expect(
        (await call(t.app, "POST", "/auth/logout", { token: tokens.access_token })).status,
      ).toBe(204);
    }
    const [first, second] = live;
    if (first === undefined || second === undefined) throw new Error("no users");
    // A valid signature, but the sign-in belongs to another user.
    const mismatched = await tokenNaming(
      first.user.id,
      decodeJwt(second.tokens.access_token).sid as string,
    );

    // Sent at once, interleaved, so that they are checked in the same batch.
    const requests = [
      ...live.map((l) => ({ token: l.tokens.access_token, email: l.user.email })),
      ...ended.map((e) => ({ token: e.tokens.access_token, email: null })),
      { token: mismatched, email: null },
    ].sort(() => 0.5 - Math.random());
    const answers = await Promise.all(
      requests.map((r) => get(t.app, "/users/me", { token: r.token })),
    );
    answers.forEach((answer, i) => {
      const { email } = requests[i] ?? { email: undefined };
      if (email === null) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ detail: "This sign-in has ended; please sign in again" });
      } else {
        expect(answer.status).toBe(200);
        expect((answer.body as User).email).toBe(email);
      }
    });
  });
});
