// Every successful answer is checked against the domain's schemas before a caller sees it, so
// a server that strays from the contract fails here, naming the field, not later in the UI.
// The checked value replaces the body (unknown fields dropped). One that is not JSON at all (a
// captive portal's or a proxy's HTML page, a cut-off text) fails too, rather than read as no tasks.
import {
  SubscriptionSchema,
  SubscriptionTotalsAnswerSchema,
  TaskSchema,
  TokenSetSchema,
  UserSchema,
} from "@life-admin/domain";
import type { Middleware } from "openapi-fetch";
import {
  ApiError,
  InvalidResponseError,
  type ResponseIssue,
  UnreadableResponseError,
} from "../api-error.js";
import { NULL_BODY_STATUSES } from "../body-failures.js";
import { type NotJson, readJson } from "../response-body.js";
import { routeOf } from "./route.js";

interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** What the client needs of a zod schema (structural, so zod stays the domain's dependency). */
interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

interface Answer {
  route: string;
  status: number;
  body: unknown;
}

export type Rule = (answer: Answer) => unknown;

/** `[0].due_date` for zod's ["0", "due_date"] path. */
function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => {
      if (typeof key === "number") return `[${key}]`;
      return index === 0 ? String(key) : `.${String(key)}`;
    })
    .join("");
}

function failure(answer: Answer, issues: readonly SchemaIssue[]): InvalidResponseError {
  const described: ResponseIssue[] = issues.map((issue) => ({
    path: formatPath(issue.path),
    message: issue.message,
  }));
  return new InvalidResponseError(answer.route, described, {
    status: answer.status,
    body: answer.body,
  });
}

/** An OK answer that is not the JSON the call reads, said in the product's words. */
function unreadable(route: string, status: number, { text, notJson }: NotJson) {
  // The person's words first: what most often answers in the API's place is a Wi-Fi network's
  // sign-in page; the route, for a script's author, in the parentheses.
  const message =
    `Life Admin's answer could not be read (${notJson}, from ${route}): a Wi-Fi sign-in page ` +
    "or a proxy may have answered in its place. Check your connection, then try again.";
  return new UnreadableResponseError(
    route,
    [{ path: "", message: notJson }],
    { status, body: text },
    message,
  );
}

export function matches<T>(schema: Schema<T>): Rule {
  return (answer) => {
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return parsed.data;
    throw failure(answer, parsed.error.issues);
  };
}

/**
 * spec 4: a list answer that is not an array becomes an empty list. Otherwise every item must
 * match; the issues of all items are named, each path led by the item's index.
 */
export function listOf<T>(schema: Schema<T>): Rule {
  return (answer) => {
    if (!Array.isArray(answer.body)) return [];
    return itemsOf(answer, answer.body, schema, []);
  };
}

/** Every item of `list` checked with `schema`; the issues of all of them named, under `at`. */
function itemsOf<T>(
  answer: Answer,
  list: readonly unknown[],
  schema: Schema<T>,
  at: readonly PropertyKey[],
): T[] {
  const items: T[] = [];
  const issues: SchemaIssue[] = [];
  list.forEach((item: unknown, index) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
    else
      issues.push(...parsed.error.issues.map((i) => ({ ...i, path: [...at, index, ...i.path] })));
  });
  if (issues.length > 0) throw failure(answer, issues);
  return items;
}

/**
 * An object whose `field` is a list: the rest checked with `head`, the list item by item rather
 * than with a domain schema's z.array, which would add zod's arrays to the web app's first
 * download, where every zod helper that any chunk uses is kept (0.33 kB). Unlike a list answer
 * (listOf), a field that is no list is a failure, named like every issue in it ("members[1].role").
 */
export function withListIn<T>(head: Schema<object>, field: string, item: Schema<T>): Rule {
  return (answer) => {
    const checked = matches(head)(answer) as object;
    const list = (answer.body as Record<string, unknown>)[field];
    if (!Array.isArray(list))
      throw failure(answer, [{ path: [field], message: "Expected a list" }]);
    return { ...checked, [field]: itemsOf(answer, list, item, [field]) };
  };
}

function hasText(body: unknown, field: string): boolean {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" && value !== "";
}

/** spec 8: "No authorization URL received". */
const authorizationUrl: Rule = ({ status, body }) => {
  if (!hasText(body, "authorization_url")) {
    throw new ApiError("No authorization URL received", { status, body });
  }
  const { authorization_url } = body as { authorization_url: string };
  return { authorization_url };
};

/** spec 8: "Token refresh returned no new token"; otherwise a whole token set. */
const tokenSet: Rule = (answer) => {
  if (!hasText(answer.body, "access_token")) {
    throw new ApiError("Token refresh returned no new token", {
      status: answer.status,
      body: answer.body,
    });
  }
  return matches(TokenSetSchema)(answer);
};

/**
 * The answers checked, by route. The calls that load with the screens that need them
 * (calendar-calls.ts, reminder-calls.ts) add their routes' rules (addResponseRules).
 */
const RESPONSE_RULES: Record<string, Rule> = {
  "GET /auth/google/login": authorizationUrl,
  "POST /auth/refresh": tokenSet,
  "POST /auth/google/exchange": matches(TokenSetSchema),
  "GET /users/me": matches(UserSchema),
  "GET /tasks/": listOf(TaskSchema),
  "POST /tasks/": matches(TaskSchema),
  "GET /tasks/{task_id}": matches(TaskSchema),
  "PATCH /tasks/{task_id}": matches(TaskSchema),
  "POST /tasks/{task_id}/complete": matches(TaskSchema),
  "POST /tasks/{task_id}/skip": matches(TaskSchema),
  "POST /tasks/{task_id}/uncomplete": matches(TaskSchema),
  "GET /subscriptions/": listOf(SubscriptionSchema),
  "POST /subscriptions/": matches(SubscriptionSchema),
  "GET /subscriptions/totals": matches(SubscriptionTotalsAnswerSchema),
  "GET /subscriptions/{subscription_id}": matches(SubscriptionSchema),
  "PATCH /subscriptions/{subscription_id}": matches(SubscriptionSchema),
};

/** Checks the answers of these routes too. */
export function addResponseRules(rules: Readonly<Record<string, Rule>>): void {
  Object.assign(RESPONSE_RULES, rules);
}

export const responseValidation: Middleware = {
  async onResponse({ request, response, schemaPath, options }) {
    // The calls that read bytes or text (a file, the export's ZIP, an .ics) say so by parseAs.
    if (!response.ok || options.parseAs !== "json") return undefined;
    const route = routeOf(request, schemaPath);
    const body = await readJson(response);
    // An empty body (a 204's) is no JSON either, but nothing in it was garbled: the rules judge it.
    if (body.notJson !== undefined && body.text.trim() !== "") {
      throw unreadable(route, response.status, body);
    }
    const rule = RESPONSE_RULES[route];
    if (rule === undefined) return undefined;
    const { status } = response;
    try {
      return answered(rule({ route, status, body: body.value }), response);
    } catch (error) {
      // Empty and not typed JSON, where the call needs an answer (a refresh's tokens): a page
      // that is not the API's, said as such. A rule may make something of nothing (a list: none).
      if (body.notJson !== undefined && error instanceof ApiError) {
        throw unreadable(route, status, body);
      }
      throw error;
    }
  },
};

/** The checked value as the answer's JSON body. */
function answered(data: unknown, response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  return new Response(JSON.stringify(data), {
    status: NULL_BODY_STATUSES.has(response.status) ? 200 : response.status,
    statusText: response.statusText,
    headers,
  });
}
