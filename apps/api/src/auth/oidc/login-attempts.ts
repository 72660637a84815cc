// decisions D2: one sign-in attempt's secrets (state, nonce, PKCE verifier), kept in the database
// between the login and the callback so that any API process can finish what another started.
// The state itself is never stored, only its hash; an attempt can be used once, before it expires.
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { loginAttempts } from "../../db/schema.js";
import type { AuthorizationSecrets } from "./oidc-client.js";

/** Long enough to type a name and email (or pick a Google account), short enough to be useless later. */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60 * 1000;

export type ConsumedAttempt =
  | { ok: true; secrets: AuthorizationSecrets }
  | { ok: false; why: "unknown" | "expired" | "reused" };

export function hashState(state: string): string {
  return createHash("sha256").update(state).digest("base64url");
}

export async function saveLoginAttempt(
  db: Db,
  secrets: AuthorizationSecrets,
  now: Date,
): Promise<void> {
  // Expired attempts can never be used again; clearing them here keeps the table small without
  // a scheduler (a replay of a cleared state is still refused: it is then unknown).
  await db.delete(loginAttempts).where(lt(loginAttempts.expiresAt, now));
  await db.insert(loginAttempts).values({
    stateHash: hashState(secrets.state),
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_ATTEMPT_TTL_MS),
  });
}

/**
 * Marks the attempt for `state` used and returns its secrets. One UPDATE decides: of two
 * callbacks with the same state, exactly one finds it unused.
 */
export async function consumeLoginAttempt(
  db: Db,
  state: string,
  now: Date,
): Promise<ConsumedAttempt> {
  const stateHash = hashState(state);
  const [row] = await db
    .update(loginAttempts)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginAttempts.stateHash, stateHash),
        isNull(loginAttempts.usedAt),
        gt(loginAttempts.expiresAt, now),
      ),
    )
    .returning({ nonce: loginAttempts.nonce, codeVerifier: loginAttempts.codeVerifier });
  if (row) return { ok: true, secrets: { state, ...row } };

  const [seen] = await db
    .select({ usedAt: loginAttempts.usedAt })
    .from(loginAttempts)
    .where(eq(loginAttempts.stateHash, stateHash))
    .limit(1);
  if (!seen) return { ok: false, why: "unknown" };
  return { ok: false, why: seen.usedAt === null ? "expired" : "reused" };
}
