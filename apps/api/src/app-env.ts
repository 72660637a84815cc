// Hono's environment for every route: the context variables the require-user middleware sets. A
// leaf module, so that middleware and helpers can name it without importing what the app is
// built from (deps.ts).
import type { UserRow } from "./db/schema.js";

/** Hono's context variables, set by the require-user middleware. */
export interface AppEnv {
  Variables: {
    user: UserRow;
    signInId: string;
  };
}
