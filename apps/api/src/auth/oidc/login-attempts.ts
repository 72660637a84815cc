// decisions D2: one sign-in attempt, from the login to the web app's code exchange, kept in the
// database so that any API process can finish what another started. It is bound to the browser
// that started it: the login carries the hash of a secret the web app keeps in that browser's
// sessionStorage, and the tokens are handed out only to a caller that shows the secret itself,
// once. The state and the one-time code are stored only as hashes.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { loginAttempts } from "../../db/schema.js";
import type { AuthorizationSecrets } from "./oidc-client.js";

/** Long enough to type a name and email (or pick a Google account), short enough to be useless later. */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** From the callback to the web app's exchange: one page load, on a slow phone too. */
export const SIGN_IN_CODE_TTL_MS = 60 * 1000;

export type ConsumedAttempt =
  | { ok: true; secrets: AuthorizationSecrets }
  | { ok: false; why: "unknown" | "expired" | "reused" };

export type ExchangedCode =
  | { ok: true; userId: number }
  | { ok: false; why: "unknown" | "reused" | "expired" | "another_browser" };

/** base64url SHA-256: how a state, a code and the browser's secret are kept and compared. */
function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function hashState(state: string): string {
  return sha256(state);
}

/** The challenge a browser sends with the login for its secret `verifier` (as PKCE's S256). */
export function browserChallengeOf(verifier: string): string {
  return sha256(verifier);
}

export async function saveLoginAttempt(
  db: Db,
  secrets: AuthorizationSecrets,
  browserChallenge: string,
  now: Date,
): Promise<void> {
  // Expired attempts can never be used again; clearing them here keeps the table small without
  // a scheduler (a replay of a cleared state or code is still refused: it is then unknown).
  await db.delete(loginAttempts).where(lt(loginAttempts.expiresAt, now));
  await db.insert(loginAttempts).values({
    stateHash: hashState(secrets.state),
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
    browserChallenge,
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

/**
 * After the provider has said who signed in: a new one-time code for the web app, recorded (as a
 * hash) on the attempt of `state` with the user it stands for.
 */
export async function issueSignInCode(
  db: Db,
  state: string,
  userId: number,
  now: Date,
): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SIGN_IN_CODE_TTL_MS);
  await db
    .update(loginAttempts)
    // The row lives as long as its code, so that clearing expired attempts never takes a live one.
    .set({ userId, codeHash: sha256(code), codeExpiresAt: expiresAt, expiresAt })
    .where(eq(loginAttempts.stateHash, hashState(state)));
  return code;
}

/**
 * The web app's exchange: the user of `code`, when it is unexpired, not yet exchanged, and shown
 * with the secret of the browser that started the attempt. The code is used up by the first
 * exchange, whatever its outcome, so a wrong secret cannot be tried again.
 */
export async function exchangeSignInCode(
  db: Db,
  code: string,
  browserVerifier: string,
  now: Date,
): Promise<ExchangedCode> {
  const codeHash = sha256(code);
  const [row] = await db
    .update(loginAttempts)
    .set({ exchangedAt: now })
    .where(and(eq(loginAttempts.codeHash, codeHash), isNull(loginAttempts.exchangedAt)))
    .returning({
      userId: loginAttempts.userId,
      browserChallenge: loginAttempts.browserChallenge,
      codeExpiresAt: loginAttempts.codeExpiresAt,
    });
  if (!row) {
    const [seen] = await db
      .select({ exchangedAt: loginAttempts.exchangedAt })
      .from(loginAttempts)
      .where(eq(loginAttempts.codeHash, codeHash))
      .limit(1);
    return { ok: false, why: seen ? "reused" : "unknown" };
  }
  if (row.userId === null || row.codeExpiresAt === null || row.codeExpiresAt <= now) {
    return { ok: false, why: "expired" };
  }
  if (!sameText(browserChallengeOf(browserVerifier), row.browserChallenge)) {
    return { ok: false, why: "another_browser" };
  }
  return { ok: true, userId: row.userId };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
