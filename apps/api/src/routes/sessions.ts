// Issue 22: the person's signed-in devices. A session is a sign-in, one refresh-token family
// (decisions D3): listed while it can still be used, and signed out by the same revocation as
// POST /auth/logout (deps.tokens), so its refresh answers 401 and its access tokens stop at once.
import { type SQL, and, desc, eq, exists, gt, isNull, ne, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { isoInstant } from "../db/json-fields.js";
import { refreshTokens, signIns } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { described } from "../http/json-schema.js";
import { noContent, ok, signedInRoutes } from "../http/route-group.js";
import { Session, SessionsSignedOut } from "../http/schemas.js";

const NOT_FOUND = "Session not found";

/** The most sessions the list answers, most recently used first; signing out reaches them all. */
export const MAX_SESSIONS_LISTED = 100;

const SessionId = z.object({
  session_id: described(z.guid({ error: "Input should be a valid UUID" }), {
    description: "The session's id, from GET /users/me/sessions",
  }),
});

export function sessionRoutes(deps: AppDeps) {
  const routes = signedInRoutes("sessions", requireUser(deps.tokens));
  const { db } = deps.database;

  /**
   * The sign-ins of `userId` that can still be used at `at`: not revoked, before their absolute
   * end, and not idle past the limit (a refresh token of the family is neither rotated nor
   * expired). The same three ends that refuse a refresh (rotation.ts).
   */
  const liveSignInsOf = (userId: number, at: Date): SQL | undefined =>
    and(
      eq(signIns.userId, userId),
      isNull(signIns.revokedAt),
      gt(signIns.expiresAt, at),
      exists(
        db
          .select({ one: sql`1` })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.signInId, signIns.id),
              isNull(refreshTokens.rotatedAt),
              gt(refreshTokens.expiresAt, at),
            ),
          ),
      ),
    );

  /** Ends `signInIds` of `userId` as a logout does, and says so in the log (ids only). */
  const signOut = async (userId: number, signInIds: readonly string[]) => {
    await deps.tokens.revokeSignIns(signInIds);
    for (const signInId of signInIds) {
      deps.logger.info({ event: "sign_out", userId, signInId, from: "settings" }, "signed out");
    }
  };

  routes.get(
    "/users/me/sessions",
    {
      summary: "The signed-in user's sessions: every device signed in",
      description:
        "Each sign-in that can still be used, most recently used first (at most " +
        `${MAX_SESSIONS_LISTED}): \`device\` names the browser that signed in ("Chrome on ` +
        'Linux", null when its User-Agent said nothing we know); `last_used_at` is when it last ' +
        "refreshed its tokens (about hourly while in use); `current` marks the session of the " +
        "access token that asks.",
      answer: ok(z.array(Session), "The sessions"),
    },
    async ({ c, user }) => {
      const current = c.get("signInId");
      const lastUsed = sql`coalesce(${signIns.lastUsedAt}, ${signIns.createdAt})`;
      const rows = await db
        .select({
          id: signIns.id,
          device: signIns.device,
          createdAt: signIns.createdAt,
          lastUsedAt: signIns.lastUsedAt,
        })
        .from(signIns)
        .where(liveSignInsOf(user.id, deps.now()))
        .orderBy(desc(lastUsed), desc(signIns.createdAt), signIns.id)
        .limit(MAX_SESSIONS_LISTED);
      return rows.map((row) => ({
        id: row.id,
        device: row.device,
        created_at: isoInstant(row.createdAt),
        // Sign-ins made before issue 22 have no last use recorded until their next refresh.
        last_used_at: isoInstant(row.lastUsedAt ?? row.createdAt),
        current: row.id === current,
      }));
    },
  );

  routes.delete(
    "/users/me/sessions/{session_id}",
    {
      summary: "Sign a session out",
      description:
        "Ends the sign-in at once, as POST /auth/logout does: its refresh token answers 401 and " +
        "its access tokens stop working. The current session may be signed out too.",
      params: SessionId,
      answer: noContent("Signed out"),
      notFound: NOT_FOUND,
    },
    async ({ user, params }) => {
      const [session] = await db
        .select({ id: signIns.id })
        .from(signIns)
        .where(and(eq(signIns.id, params.session_id), liveSignInsOf(user.id, deps.now())))
        .limit(1);
      if (session === undefined) return null;
      await signOut(user.id, [session.id]);
      return true;
    },
  );

  routes.post(
    "/users/me/sessions/sign-out-others",
    {
      summary: "Sign out everywhere else",
      description:
        "Ends every session of the user but the one of the access token that asks, as " +
        "POST /auth/logout would end each; how many there were.",
      answer: ok(SessionsSignedOut, "How many sessions were signed out"),
    },
    async ({ c, user }) => {
      const others = await db
        .select({ id: signIns.id })
        .from(signIns)
        .where(and(liveSignInsOf(user.id, deps.now()), ne(signIns.id, c.get("signInId"))));
      const ids = others.map((row) => row.id);
      await signOut(user.id, ids);
      return { signed_out: ids.length };
    },
  );

  return routes.app;
}
