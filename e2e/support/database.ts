// Writing straight into a stopped API's database: what the API's own validation would never let
// in, for checking that the web app still renders it harmlessly (issue 8, suite 6). PGlite is one
// process per directory, so this runs only while the server is stopped (ApiServer.stop()).
import { PGlite } from "@electric-sql/pglite";
import type { ApiServer } from "./api-server.js";

export async function setCancelLinks(
  api: ApiServer,
  links: ReadonlyMap<number, string>,
): Promise<void> {
  if (api.running) throw new Error("stop the API first: PGlite allows one process per directory");
  const db = new PGlite(api.pgliteDirectory);
  try {
    await db.transaction(async (tx) => {
      for (const [id, link] of links) {
        const result = await tx.query("UPDATE subscriptions SET cancel_link = $1 WHERE id = $2", [
          link,
          id,
        ]);
        if (result.affectedRows !== 1) throw new Error(`no subscription ${String(id)}`);
      }
    });
  } finally {
    await db.close();
  }
}
