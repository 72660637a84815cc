// Issue 23: the household's calls, `@life-admin/api-client/households`: loaded with the screens
// that use them (Settings' household panel, the /join page), not in the web app's first download.
import { HouseholdInvitationSchema, HouseholdSchema } from "@life-admin/domain/household";
import { ApiError } from "./api-error.js";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import { addResponseRules, matches } from "./middleware/response-validation.js";
import type { components } from "./schema.js";

/** A household: its name and members, the owner first. */
export type Household = components["schemas"]["Household"];
/** An invitation link to send: its URL, its token, and when it stops working. */
export type HouseholdInvitation = components["schemas"]["HouseholdInvitation"];

export interface HouseholdCalls {
  /** The person's household, or null when they are in none. */
  mine: () => Promise<Household | null>;
  /** Creates a household with the person as its owner. */
  create: (name: string) => Promise<Household>;
  /** A new single-use invitation link (the owner only). */
  invite: () => Promise<HouseholdInvitation>;
  /** Joins the household of an invitation link's token. */
  join: (token: string) => Promise<Household>;
  /** Removes a member (the owner only). */
  remove: (userId: number) => Promise<void>;
  /** Leaves the household. */
  leave: () => Promise<void>;
}

export function householdCalls({ http }: Pick<LifeAdminClient, "http">): HouseholdCalls {
  addResponseRules({
    "GET /households/me": matches(HouseholdSchema),
    "POST /households/": matches(HouseholdSchema),
    "POST /households/me/invitations": matches(HouseholdInvitationSchema),
    "POST /households/join": matches(HouseholdSchema),
  });
  return {
    async mine() {
      try {
        return dataOf("GET /households/me", await http.GET("/households/me"));
      } catch (error) {
        // 404: the person is in no household (the middleware throws for every failure).
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    async create(name) {
      return dataOf("POST /households/", await http.POST("/households/", { body: { name } }));
    },
    async invite() {
      const result = await http.POST("/households/me/invitations");
      return dataOf("POST /households/me/invitations", result);
    },
    async join(token) {
      const result = await http.POST("/households/join", { body: { token } });
      return dataOf("POST /households/join", result);
    },
    async remove(userId) {
      await http.DELETE("/households/me/members/{user_id}", {
        params: { path: { user_id: userId } },
      });
    },
    async leave() {
      await http.POST("/households/me/leave");
    },
  };
}
