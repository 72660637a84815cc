// issue 22: the signed-in devices' calls, `@life-admin/api-client/sessions`: loaded with the
// settings screen that uses them, not in the web app's first download.
import { SessionSchema, SessionsSignedOutSchema } from "@life-admin/domain/account";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import { addResponseRules, listOf, matches } from "./middleware/response-validation.js";
import type { components } from "./schema.js";

/** A signed-in device: its sign-in's id, a coarse name, when it began and was last used. */
export type Session = components["schemas"]["Session"];

export interface SessionCalls {
  /** Every device signed in to the account, most recently used first; `current` is this one. */
  list: () => Promise<Session[]>;
  /** Signs that device out at once: its next refresh fails and it lands signed out. */
  signOut: (sessionId: string) => Promise<void>;
  /** Signs out every device but this one; how many there were. */
  signOutOthers: () => Promise<number>;
}

export function sessionCalls({ http }: Pick<LifeAdminClient, "http">): SessionCalls {
  addResponseRules({
    "GET /users/me/sessions": listOf(SessionSchema),
    "POST /users/me/sessions/sign-out-others": matches(SessionsSignedOutSchema),
  });
  return {
    async list() {
      return dataOf("GET /users/me/sessions", await http.GET("/users/me/sessions"));
    },
    async signOut(sessionId) {
      await http.DELETE("/users/me/sessions/{session_id}", {
        params: { path: { session_id: sessionId } },
      });
    },
    async signOutOthers() {
      const result = await http.POST("/users/me/sessions/sign-out-others");
      return dataOf("POST /users/me/sessions/sign-out-others", result).signed_out;
    },
  };
}
