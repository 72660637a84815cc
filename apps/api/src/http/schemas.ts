// The contract's named schemas: the domain's zod/mini schemas (never redefined here) under the
// names they carry in /openapi.json, FastAPI's two error bodies, and the API's own small bodies.
// The requests are validated with these schemas (validate.ts) and the document is the JSON
// Schema zod emits from them (json-schema.ts): one definition of each, as architecture.md's
// contract flow asks.
import {
  CalendarFeedSchema,
  CalendarFeedUpdateSchema,
  FrequencySchema,
  PrioritySchema,
  SubscriptionTotalsAnswerSchema,
  TaskCompletionSchema,
  TokenSetSchema,
  UserSchema,
  UserUpdateSchema,
  NotificationSchema,
  NotificationsReadSchema,
  StoredFileSchema,
} from "@life-admin/domain";
import {
  AccountDeletionSchema,
  AccountImportReportSchema,
  SessionSchema,
  SessionsSignedOutSchema,
} from "@life-admin/domain/account";
import {
  HouseholdCreateSchema,
  HouseholdInvitationSchema,
  HouseholdJoinSchema,
  InvitationPreviewSchema,
  PendingInvitationSchema,
  SubscriptionCreateWithSharingSchema,
  SubscriptionUpdateWithSharingSchema,
  SubscriptionWithSharingSchema,
  TaskCreateWithSharingSchema,
  TaskUpdateWithSharingSchema,
  TaskWithSharingSchema,
} from "@life-admin/domain/household";
import { HouseholdSchema } from "@life-admin/domain/household-answer";
import { TaskHistorySchema } from "@life-admin/domain/task-history-answer";
import { en } from "zod/locales";
import * as z from "zod/mini";
import { componentRef, contract, described, inlineSchema } from "./json-schema.js";

// zod/mini ships no messages: a rule the domain does not word itself would say only "Invalid
// input" in a 422's `msg`. The API answers in English, as classic zod did by default.
z.config(en());

// The domain's own schema objects are named, so the document and the validation share them.
// Tasks and subscriptions are the entities with their sharing (issue 23).
// Frequency and Priority are copies: the entities keep their enums inline, as before, and only
// the list filters refer to the named components.
export const Task = described(TaskWithSharingSchema, { id: "Task" });
export const TaskCreate = described(TaskCreateWithSharingSchema, { id: "TaskCreate" });
export const Subscription = described(SubscriptionWithSharingSchema, { id: "Subscription" });
export const SubscriptionCreate = described(SubscriptionCreateWithSharingSchema, {
  id: "SubscriptionCreate",
});
export const TaskUpdate = described(TaskUpdateWithSharingSchema, { id: "TaskUpdate" });
export const TaskCompletion = described(TaskCompletionSchema, { id: "TaskCompletion" });
export const TaskHistory = described(TaskHistorySchema, { id: "TaskHistory" });
export const SubscriptionUpdate = described(SubscriptionUpdateWithSharingSchema, {
  id: "SubscriptionUpdate",
});
export const SubscriptionTotals = described(SubscriptionTotalsAnswerSchema, {
  id: "SubscriptionTotals",
});
export const CalendarFeed = described(CalendarFeedSchema, { id: "CalendarFeed" });
export const CalendarFeedUpdate = described(CalendarFeedUpdateSchema, { id: "CalendarFeedUpdate" });
export const User = described(UserSchema, { id: "User" });
export const UserUpdate = described(UserUpdateSchema, { id: "UserUpdate" });
export const Notification = described(NotificationSchema, { id: "Notification" });
export const NotificationsRead = described(NotificationsReadSchema, { id: "NotificationsRead" });
export const TokenSet = described(TokenSetSchema, { id: "TokenSet" });
export const StoredFile = described(StoredFileSchema, { id: "StoredFile" });
export const Session = described(SessionSchema, { id: "Session" });
export const SessionsSignedOut = described(SessionsSignedOutSchema, { id: "SessionsSignedOut" });
export const AccountDeletion = described(AccountDeletionSchema, { id: "AccountDeletion" });
export const AccountImportReport = described(AccountImportReportSchema, {
  id: "AccountImportReport",
});
export const Household = described(HouseholdSchema, { id: "Household" });
export const HouseholdCreate = described(HouseholdCreateSchema, { id: "HouseholdCreate" });
export const HouseholdInvitation = described(HouseholdInvitationSchema, {
  id: "HouseholdInvitation",
});
export const HouseholdJoin = described(HouseholdJoinSchema, { id: "HouseholdJoin" });
export const InvitationPreview = described(InvitationPreviewSchema, { id: "InvitationPreview" });
export const PendingInvitation = described(PendingInvitationSchema, { id: "PendingInvitation" });
export const Frequency = described(FrequencySchema.clone(), { id: "Frequency" });
export const Priority = described(PrioritySchema.clone(), { id: "Priority" });

export const HttpError = described(
  z.object({ detail: described(z.string(), { example: "Not Found" }) }),
  { id: "HTTPError" },
);

export const ValidationErrorItem = described(
  z.object({
    loc: described(z.array(z.union([z.string(), z.number().check(z.int())])), {
      example: ["body", "cost"],
    }),
    msg: described(z.string(), { example: "Cost cannot be negative" }),
    type: described(z.string(), { example: "greater_than_equal" }),
  }),
  { id: "ValidationError" },
);

export const HttpValidationError = described(z.object({ detail: z.array(ValidationErrorItem) }), {
  id: "HTTPValidationError",
});

export const RefreshRequest = described(
  z.object({ refresh_token: z.string().check(z.minLength(1)) }),
  { id: "RefreshRequest" },
);

/** A base64url SHA-256: 43 characters of A-Z, a-z, 0-9, - and _. */
const SHA256_BASE64URL = /^[A-Za-z0-9_-]{43}$/;

/** decisions D2: the login is bound to the browser that asks, by the hash of its own secret. */
export const LoginQuery = z.object({
  browser_challenge: described(
    z.string().check(
      z.regex(SHA256_BASE64URL, {
        error: "must be the base64url SHA-256 of the browser's secret (43 characters)",
      }),
    ),
    {
      description:
        "base64url(SHA-256(secret)) of a random secret (at least 32 bytes) that the browser keeps " +
        "for this sign-in and shows again to POST /auth/google/exchange",
      example: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    },
  ),
});

/** decisions D2: the web app's exchange of the callback's one-time code. */
export const CodeExchange = described(
  z.object({
    code: described(z.string().check(z.minLength(1), z.maxLength(200)), {
      description: "The one-time code from /auth/callback?code=...",
    }),
    browser_verifier: described(z.string().check(z.minLength(43), z.maxLength(200)), {
      description: "The secret whose hash the login was started with",
    }),
  }),
  { id: "CodeExchange" },
);

export const AuthorizationUrl = described(
  z.object({
    authorization_url: described(z.url(), {
      description: "Where to send the browser to sign in (the provider's authorization endpoint)",
      example: "https://accounts.google.com/o/oauth2/v2/auth?response_type=code&client_id=...",
    }),
  }),
  { id: "AuthorizationUrl" },
);

export const Health = described(
  z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
  { id: "Health" },
);

/**
 * The components of /openapi.json, in the order the document has always listed them (so the
 * committed contract and its generated types do not move). Request bodies are described as a
 * caller writes them (a field with a default is optional), everything else as the API answers.
 */
export const COMPONENTS = [
  { schema: Health, io: "output" },
  { schema: HttpError, io: "output" },
  { schema: User, io: "output" },
  { schema: Task, io: "output" },
  { schema: HttpValidationError, io: "output" },
  { schema: ValidationErrorItem, io: "output" },
  { schema: TaskCreate, io: "input" },
  { schema: Subscription, io: "output" },
  { schema: Frequency, io: "output" },
  { schema: Priority, io: "output" },
  { schema: SubscriptionCreate, io: "input" },
  { schema: AuthorizationUrl, io: "output" },
  { schema: TokenSet, io: "output" },
  { schema: RefreshRequest, io: "input" },
  { schema: CodeExchange, io: "input" },
  { schema: TaskUpdate, io: "input" },
  { schema: TaskCompletion, io: "input" },
  { schema: TaskHistory, io: "output" },
  { schema: SubscriptionUpdate, io: "input" },
  { schema: SubscriptionTotals, io: "output" },
  { schema: CalendarFeed, io: "output" },
  { schema: CalendarFeedUpdate, io: "input" },
  { schema: UserUpdate, io: "input" },
  { schema: Notification, io: "output" },
  { schema: NotificationsRead, io: "input" },
  { schema: StoredFile, io: "output" },
  { schema: Session, io: "output" },
  { schema: SessionsSignedOut, io: "output" },
  { schema: AccountDeletion, io: "input" },
  { schema: AccountImportReport, io: "output" },
  { schema: Household, io: "output" },
  { schema: HouseholdCreate, io: "input" },
  { schema: HouseholdInvitation, io: "output" },
  { schema: HouseholdJoin, io: "input" },
  { schema: InvitationPreview, io: "output" },
  { schema: PendingInvitation, io: "output" },
] as const;

/** An OpenAPI media type map: JSON described by a component (`$ref`) or an inline schema. */
export function json(schema: z.ZodMiniType) {
  const named = contract.get(schema)?.id !== undefined;
  return { "application/json": { schema: named ? componentRef(schema) : inlineSchema(schema) } };
}

/** Responses routes may give, described once. */
export const errorResponses = {
  unauthorized: {
    401: { description: "Missing, invalid or expired token", content: json(HttpError) },
  },
  validation: {
    422: { description: "A field is missing or invalid", content: json(HttpValidationError) },
  },
  unavailable: { 503: { description: "The database cannot be reached", content: json(HttpError) } },
  // decisions D15: the limits per client address and per account (http/rate-limits.ts).
  tooManyRequests: {
    429: {
      description:
        "Too many requests from this client address, or for this account, in the last minute",
      headers: {
        "Retry-After": {
          description: "Seconds until the limit allows a request again",
          schema: { type: "integer", minimum: 1 },
          required: true,
        },
      },
      content: json(HttpError),
    },
  },
} as const;

/** What a route that reads a JSON body may also answer (on top of its own responses). */
export const jsonBodyErrors = {
  413: { description: "The body is over 64 KiB", content: json(HttpError) },
  415: { description: "The body is not JSON", content: json(HttpError) },
  ...errorResponses.validation,
  ...errorResponses.unavailable,
} as const;
