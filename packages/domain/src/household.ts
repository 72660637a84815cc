// Issue 23, decisions D16: a household that shares life admin. A person belongs to one household
// at most; its owner invites others by a single-use link that expires, and may remove them;
// anyone may leave. What is shared is only what each owner of a record shares (step 2).
// An entry of its own (@life-admin/domain/household): the web app loads it with Settings.
import * as z from "zod/mini";
import { IsoDateTimeSchema } from "./iso-dates.js";
import { HOUSEHOLD_NAME_MAX_LENGTH } from "./limits.js";
import { requiredVisibleText } from "./visible-text.js";

/** The owner invites and removes; a member may leave. Ownership passes on when the owner leaves. */
export const HOUSEHOLD_ROLES = ["owner", "member"] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/** How long an invitation link can be used: 7 days from when it was made. */
export const INVITATION_LIFETIME_DAYS = 7;

/** POST /households/: the household's name ("The Lovelaces"). */
export const HouseholdCreateSchema = /* @__PURE__ */ z.object({
  name: /* @__PURE__ */ requiredVisibleText("Name", HOUSEHOLD_NAME_MAX_LENGTH),
});
export type HouseholdCreate = z.infer<typeof HouseholdCreateSchema>;

export const HouseholdMemberSchema = /* @__PURE__ */ z.object({
  user_id: z.int(),
  /** The member's name as they set it; null when they have none (shown as "Guest"). */
  full_name: z.nullable(z.string()),
  role: z.enum(HOUSEHOLD_ROLES),
});
export type HouseholdMember = z.infer<typeof HouseholdMemberSchema>;

/** GET /households/me: the household, its owner first, then the members as they joined. */
export const HouseholdSchema = /* @__PURE__ */ z.object({
  id: z.int(),
  name: z.string(),
  members: z.array(HouseholdMemberSchema),
});
export type Household = z.infer<typeof HouseholdSchema>;

/** POST /households/me/invitations: the link to send, its token, and when it stops working. */
export const HouseholdInvitationSchema = /* @__PURE__ */ z.object({
  /** The web app's page that joins with the token: `{web origin}/join#{token}`. */
  url: z.string(),
  token: z.string(),
  expires_at: IsoDateTimeSchema,
});
export type HouseholdInvitation = z.infer<typeof HouseholdInvitationSchema>;

/** POST /households/join: the token of an invitation link. */
export const HouseholdJoinSchema = /* @__PURE__ */ z.object({
  token: z.string({ error: "token is required" }).check(
    z.trim(),
    z.minLength(1, { error: "token is required" }),
    // A token is 43 characters; anything much longer is not one, and is not looked up.
    z.maxLength(200, { error: "This is not an invitation token" }),
  ),
});
export type HouseholdJoin = z.infer<typeof HouseholdJoinSchema>;
