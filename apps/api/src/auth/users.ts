// decisions D2: users come from the provider's ID token, keyed by (issuer, subject); signing in
// again refreshes the email and the picture. The name is the person's to change in Settings
// (issue 22): the provider's fills it only while the account has none, so that an edit is not
// undone by the next sign-in.
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { users, type UserRow } from "../db/schema.js";

export interface UserClaims {
  /** The ID token's `iss` (Google's, or the local provider's). */
  issuer: string;
  /** The ID token's `sub`: the account, stable across e-mail changes. */
  subject: string;
  email: string;
  /** The `name` claim, when the provider gives one. */
  fullName?: string | null;
  picture?: string | null;
}

/** Creates the user for (issuer, subject), or updates its email and picture (and a missing name). */
export async function upsertUserFromClaims(db: Db, claims: UserClaims): Promise<UserRow> {
  const profile = {
    email: claims.email,
    fullName: claims.fullName ?? null,
    picture: claims.picture ?? null,
  };
  const [user] = await db
    .insert(users)
    .values({ issuer: claims.issuer, subject: claims.subject, ...profile })
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: {
        ...profile,
        fullName: sql`coalesce(${users.fullName}, excluded.full_name)`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!user) throw new Error("upsert returned no row");
  return user;
}
