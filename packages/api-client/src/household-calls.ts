// Issue 23: the household's calls, `@life-admin/api-client/households`: loaded with the screens
// that use them (Settings' household panel, the /join page), not in the web app's first download.
import {
  HouseholdHeadSchema,
  HouseholdInvitationSchema,
  HouseholdMemberSchema,
  InvitationPreviewSchema,
  type ListView,
  PendingInvitationSchema,
  SubscriptionWithSharingSchema,
  type SubscriptionWithSharing,
  TaskWithSharingSchema,
  type TaskWithSharing,
} from "@life-admin/domain/household";
import { SubscriptionSchema, TaskSchema } from "@life-admin/domain";
import { ApiError } from "./api-error.js";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import {
  type Rule,
  addResponseRules,
  listOf,
  matches,
  withListIn,
} from "./middleware/response-validation.js";
import type { components } from "./schema.js";

/** A household: its name and members, the owner first. */
export type Household = components["schemas"]["Household"];
/** An invitation link to send: its URL, its token, and when it was made and stops working. */
export type HouseholdInvitation = components["schemas"]["HouseholdInvitation"];
/** A link still waiting to be used: when it was made and stops working (never its token). */
export type PendingInvitation = components["schemas"]["PendingInvitation"];
/** What an invitation link would join: the household's name, who made the link, its expiry. */
export type InvitationPreview = components["schemas"]["InvitationPreview"];
export type { ListView, SubscriptionWithSharing, TaskWithSharing };

export interface HouseholdCalls {
  /** The person's household, or null when they are in none. */
  mine: () => Promise<Household | null>;
  /** Creates a household with the person as its owner. */
  create: (name: string) => Promise<Household>;
  /** A new single-use invitation link (the owner only). */
  invite: () => Promise<HouseholdInvitation>;
  /** The links neither used nor expired, the newest first (the owner only). */
  invitations: () => Promise<PendingInvitation[]>;
  /** Withdraws a waiting link: it stops working at once (the owner only). */
  withdraw: (invitationId: number) => Promise<void>;
  /** What joining with an invitation link's token would join, refused as joining would be. */
  preview: (token: string) => Promise<InvitationPreview>;
  /** Joins the household of an invitation link's token. */
  join: (token: string) => Promise<Household>;
  /** Removes a member (the owner only). */
  remove: (userId: number) => Promise<void>;
  /** Leaves the household. */
  leave: () => Promise<void>;
  /** The tasks of a view, each with whose it is, whether it is shared and with whom. */
  tasks: (view: ListView) => Promise<TaskWithSharing[]>;
  /** The subscriptions of a view, each with its sharing. */
  subscriptions: (view: ListView) => Promise<SubscriptionWithSharing[]>;
  /** One task with its sharing (the edit form's Share and Assigned To). */
  task: (id: number) => Promise<TaskWithSharing>;
  /** One subscription with its sharing. */
  subscription: (id: number) => Promise<SubscriptionWithSharing>;
}

// The API answers every task and subscription with its sharing; the client's first-download rules
// (response-validation.ts) read them without it and drop it. From when this module is loaded
// (with the screens that show households), an answer that carries the sharing keeps it, checked;
// one without (a test's fake server) is read as before, so that loading this module changes no
// other caller's answers.
const RECORD_ROUTES = [
  "POST /tasks/",
  "GET /tasks/{task_id}",
  "PATCH /tasks/{task_id}",
  "POST /tasks/{task_id}/complete",
  "POST /tasks/{task_id}/skip",
  "POST /tasks/{task_id}/uncomplete",
];
const SUBSCRIPTION_ROUTES = [
  "POST /subscriptions/",
  "GET /subscriptions/{subscription_id}",
  "PATCH /subscriptions/{subscription_id}",
];

/** A household as answered, its members checked one by one (not the domain's HouseholdSchema). */
const household = withListIn(HouseholdHeadSchema, "members", HouseholdMemberSchema);

/** Whether an answer (a record, or a list by its first one) says whose it is. */
function carriesSharing(body: unknown): boolean {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  return typeof first === "object" && first !== null && "owner_id" in first;
}

/** `withSharing` for an answer that carries the sharing, `plain` for one that does not. */
const eitherWay =
  (withSharing: Rule, plain: Rule): Rule =>
  (answer) =>
    (carriesSharing(answer.body) ? withSharing : plain)(answer);

function sharingRules(): Record<string, Rule> {
  const rules: Record<string, Rule> = {
    "GET /tasks/": eitherWay(listOf(TaskWithSharingSchema), listOf(TaskSchema)),
    "GET /subscriptions/": eitherWay(
      listOf(SubscriptionWithSharingSchema),
      listOf(SubscriptionSchema),
    ),
  };
  for (const route of RECORD_ROUTES) {
    rules[route] = eitherWay(matches(TaskWithSharingSchema), matches(TaskSchema));
  }
  for (const route of SUBSCRIPTION_ROUTES) {
    rules[route] = eitherWay(matches(SubscriptionWithSharingSchema), matches(SubscriptionSchema));
  }
  return rules;
}

export function householdCalls({ http }: Pick<LifeAdminClient, "http">): HouseholdCalls {
  addResponseRules({
    "GET /households/me": household,
    "POST /households/": household,
    "POST /households/me/invitations": matches(HouseholdInvitationSchema),
    "GET /households/me/invitations": listOf(PendingInvitationSchema),
    "POST /households/join/preview": matches(InvitationPreviewSchema),
    "POST /households/join": household,
    ...sharingRules(),
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
    async invitations() {
      const result = await http.GET("/households/me/invitations");
      return dataOf("GET /households/me/invitations", result);
    },
    async withdraw(invitationId) {
      await http.DELETE("/households/me/invitations/{invitation_id}", {
        params: { path: { invitation_id: invitationId } },
      });
    },
    async preview(token) {
      const result = await http.POST("/households/join/preview", { body: { token } });
      return dataOf("POST /households/join/preview", result);
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
    async tasks(view) {
      const result = await http.GET("/tasks/", { params: { query: { view } } });
      return dataOf("GET /tasks/", result);
    },
    async subscriptions(view) {
      const result = await http.GET("/subscriptions/", { params: { query: { view } } });
      return dataOf("GET /subscriptions/", result);
    },
    async task(id) {
      const result = await http.GET("/tasks/{task_id}", { params: { path: { task_id: id } } });
      return dataOf("GET /tasks/{task_id}", result);
    },
    async subscription(id) {
      const params = { path: { subscription_id: id } };
      const result = await http.GET("/subscriptions/{subscription_id}", { params });
      return dataOf("GET /subscriptions/{subscription_id}", result);
    },
  };
}
