// The built API as its own process, with a reader holding 100 tasks and a writer, as the load
// meets it: on a database of the caller's (PGlite's data directory or a PostgreSQL URL), under a
// Node binary of the caller's, and answering GET and POST /tasks/ for autocannon.
import { startApiProcess, type ApiProcess } from "@life-admin/reliability/api-process";
import { freePort } from "@life-admin/reliability/free-port";
import type { LoadTarget } from "./load.js";
import { seedRecords, signIn, taskFor } from "./seed.js";

export const TASKS_OF_READER = 100;

export type TasksRequest = "GET /tasks/" | "POST /tasks/";

export interface SeededApi {
  api: ApiProcess;
  targets: Record<TasksRequest, LoadTarget>;
}

export interface SeededApiOptions {
  /** Names the users, e.g. "PGlite" ("PGlite Reader"): unique per database. */
  name: string;
  /** DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  /** The Node binary; default: this process's. */
  node?: string;
  log: (message: string) => void;
}

export async function startSeededApi(options: SeededApiOptions): Promise<SeededApi> {
  const { name, env, node = process.execPath } = options;
  options.log(`starting the API for ${name}`);
  const port = await freePort();
  const first = await startApiProcess({ port, env, node });
  const seeded = async () => {
    const reader = await signIn(first.url, `${name} Reader`);
    await seedRecords(reader, { tasks: TASKS_OF_READER, subscriptions: 0 });
    return { reader, writer: await signIn(first.url, `${name} Writer`) };
  };
  // The users sign in through the local OpenID provider, which runs inside the API process and
  // turns on async hooks for all of it (its AsyncLocalStorage), about 8 µs of every request. A
  // deployment signs in with Google and never runs it. So the load meets the API started again
  // on the same database, as production runs it: the sign-ins and signing key are the database's.
  const { reader, writer } = await seeded().finally(() => first.stop());
  const api = await startApiProcess({ port, env, node });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  return {
    api,
    targets: {
      "GET /tasks/": {
        url: `${api.url}/tasks/`,
        method: "GET",
        headers: bearer(reader.tokens.access_token),
      },
      "POST /tasks/": {
        url: `${api.url}/tasks/`,
        method: "POST",
        headers: { ...bearer(writer.tokens.access_token), "Content-Type": "application/json" },
        body: JSON.stringify(taskFor(1, new Date())),
      },
    },
  };
}
