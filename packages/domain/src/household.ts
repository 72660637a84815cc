// Issue 23, decisions D16: a household that shares life admin. A person belongs to one household
// at most; its owner invites others by a single-use link that expires, and may remove them;
// anyone may leave. What is shared is only what each owner of a record shares (step 2).
// An entry of its own (@life-admin/domain/household): the web app loads it with Settings.
import * as z from "zod/mini";
import { IdSchema } from "./id.js";
import { IsoDateTimeSchema } from "./iso-dates.js";
import { HOUSEHOLD_NAME_MAX_LENGTH } from "./limits.js";
import {
  SubscriptionCreateSchema,
  SubscriptionSchema,
  SubscriptionUpdateSchema,
} from "./subscription.js";
import { TaskCreateSchema, TaskSchema, TaskUpdateSchema } from "./task.js";
import { requiredVisibleText } from "./visible-text.js";

/** The owner invites and removes; a member may leave. Ownership passes on when the owner leaves. */
export const HOUSEHOLD_ROLES = ["owner", "member"] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/**
 * A list's or the bell's view (the `view` query parameter): "mine", the person's own records and
 * the shared ones assigned to them; "family", every record shared in their household.
 */
export const ListViewSchema = /* @__PURE__ */ z.enum(["mine", "family"]);
export type ListView = z.infer<typeof ListViewSchema>;

/** How long an invitation link can be used: 7 days from when it was made. */
export const INVITATION_LIFETIME_DAYS = 7;

/** POST /households/: the household's name ("The Lovelaces"). */
export const HouseholdCreateSchema = /* @__PURE__ */ z.object({
  name: /* @__PURE__ */ requiredVisibleText("Name", HOUSEHOLD_NAME_MAX_LENGTH),
});
export type HouseholdCreate = z.infer<typeof HouseholdCreateSchema>;

export const HouseholdMemberSchema = /* @__PURE__ */ z.object({
  user_id: IdSchema,
  /** The member's name as they set it; null when they have none (shown as "Guest"). */
  full_name: z.nullable(z.string()),
  role: z.enum(HOUSEHOLD_ROLES),
});
export type HouseholdMember = z.infer<typeof HouseholdMemberSchema>;

/** A household without its members. */
export const HouseholdHeadSchema = /* @__PURE__ */ z.object({ id: IdSchema, name: z.string() });

/** GET /households/me: the household, its owner first, then the members as they joined. */
export type Household = z.infer<typeof HouseholdHeadSchema> & { members: HouseholdMember[] };

/**
 * GET /households/me/invitations: a link its owner made that can still join someone (neither
 * used nor expired). Its token is not kept, so the link itself cannot be shown again.
 */
export const PendingInvitationSchema = /* @__PURE__ */ z.object({
  /** DELETE /households/me/invitations/{id} withdraws the link. */
  id: IdSchema,
  created_at: IsoDateTimeSchema,
  expires_at: IsoDateTimeSchema,
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

/** POST /households/me/invitations: the new link as listed, with its address and token. */
export const HouseholdInvitationSchema = /* @__PURE__ */ z.object({
  ...PendingInvitationSchema.shape,
  /** The web app's page that joins with the token: `{web origin}/join#{token}`. */
  url: z.string(),
  token: z.string(),
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

/**
 * POST /households/join/preview: what joining with an invitation link's token would join, asked
 * before joining, so that the person knows whose household it is. The same refusals as joining.
 */
export const InvitationPreviewSchema = /* @__PURE__ */ z.object({
  household_name: z.string(),
  /** The name of the member who made the link; null when they have none or no longer exist. */
  invited_by: z.nullable(z.string()),
  expires_at: IsoDateTimeSchema,
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/**
 * What a task or subscription says of its sharing, as the API answers it: whose it is, whether
 * they share it with their household, and the member it is assigned to (null: its owner).
 */
const SHARING = {
  owner_id: IdSchema,
  shared: z.boolean(),
  assignee_id: z.nullable(IdSchema),
};

/**
 * On create: private unless `shared`; assigned to its owner unless `assignee_id` names another
 * member of their household (only a shared record is).
 */
const SHARING_CHOICE = {
  shared: z._default(z.boolean(), false),
  assignee_id: z.nullish(IdSchema),
};

/** On edit (the owner only): either, or both; null assigns the record back to its owner. */
const SHARING_CHANGE = {
  shared: z.optional(z.boolean()),
  assignee_id: z.nullish(IdSchema),
};

// The API's contract (Task, TaskCreate, TaskUpdate and the subscription's) is each entity with
// its sharing. The entities themselves stay without: the web app's first download reads tasks
// and subscriptions, and the sharing is read where the Family view is (issue 7's budget).
// The answers' schemas spread the entities' shapes rather than z.extend them: the web app loads
// them with Family view, and any zod helper a lazy chunk uses is kept in the zod modules of the
// first download (z.extend's was 1.2 kB of it).
export const TaskWithSharingSchema = /* @__PURE__ */ z.object({ ...TaskSchema.shape, ...SHARING });
export const TaskCreateWithSharingSchema = /* @__PURE__ */ z.extend(
  TaskCreateSchema,
  SHARING_CHOICE,
);
export const TaskUpdateWithSharingSchema = /* @__PURE__ */ z.extend(
  TaskUpdateSchema,
  SHARING_CHANGE,
);
export const SubscriptionWithSharingSchema = /* @__PURE__ */ z.object({
  ...SubscriptionSchema.shape,
  ...SHARING,
});
export const SubscriptionCreateWithSharingSchema = /* @__PURE__ */ z.extend(
  SubscriptionCreateSchema,
  SHARING_CHOICE,
);
export const SubscriptionUpdateWithSharingSchema = /* @__PURE__ */ z.extend(
  SubscriptionUpdateSchema,
  SHARING_CHANGE,
);
export type TaskWithSharing = z.infer<typeof TaskWithSharingSchema>;
export type TaskCreateWithSharing = z.output<typeof TaskCreateWithSharingSchema>;
export type TaskUpdateWithSharing = z.output<typeof TaskUpdateWithSharingSchema>;
export type SubscriptionWithSharing = z.infer<typeof SubscriptionWithSharingSchema>;
export type SubscriptionCreateWithSharing = z.output<typeof SubscriptionCreateWithSharingSchema>;
export type SubscriptionUpdateWithSharing = z.output<typeof SubscriptionUpdateWithSharingSchema>;
