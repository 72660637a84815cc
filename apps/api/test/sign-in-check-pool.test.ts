// decisions D3 and issue 18: every authenticated request first checks its sign-in; on PostgreSQL
// the check has connections of its own (Database.signInDb), so it does not wait for one behind
// other requests' writes. With TEST_DATABASE_URL; PGlite has one connection for everything.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { liveSignIns } from "../src/auth/live-sign-ins.js";
import { openPostgres } from "../src/db/postgres.js";
import { signIns, users } from "../src/db/schema.js";
import { createScratchDatabase, testDatabaseUrl } from "./support/test-database.js";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(testDatabaseUrl !== null)("the sign-in check on PostgreSQL", () => {
  it("answers while every connection of the API's pool is held by a transaction", async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl ?? "");
    cleanups.push(() => scratch.drop());
    const database = await openPostgres(scratch.url, { max: 1 });
    cleanups.push(() => database.close());
    const [user] = await database.db
      .insert(users)
      .values({ issuer: "https://issuer.test", subject: "a", email: "a@example.com" })
      .returning();
    if (user === undefined) throw new Error("no user was inserted");
    const [signIn] = await database.db
      .insert(signIns)
      .values({ id: randomUUID(), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning();
    if (signIn === undefined) throw new Error("no sign-in was inserted");

    const { promise: released, resolve: release } = Promise.withResolvers<undefined>();
    const { promise: held, resolve: holding } = Promise.withResolvers<undefined>();
    // The pool's one connection, taken until the check has answered.
    const transaction = database.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).for("update");
      holding(undefined);
      await released;
    });
    await held;
    try {
      const checked = await liveSignIns(database.signInDb, () => new Date()).check(
        signIn.id,
        user.id,
      );
      expect(checked?.email).toBe("a@example.com");
    } finally {
      release(undefined);
      await transaction;
    }
  });
});
