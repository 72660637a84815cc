// The one way a program talks to the Life Admin API (spec 7): typed from the contract
// (schema.d.ts, generated from openapi.json), checked with the domain's schemas, refreshing the
// session when the access token has expired.
import type { Subscription, Task } from "@life-admin/domain";
import createClient, { type Client, type Middleware } from "openapi-fetch";
import { dataOf } from "./data-of.js";
import { bearerToken } from "./middleware/bearer-token.js";
import { errorMapping } from "./middleware/error-mapping.js";
import { jsonHeaders } from "./middleware/json-headers.js";
import { refreshAndRetry } from "./middleware/refresh-and-retry.js";
import { responseValidation } from "./middleware/response-validation.js";
import type { components, paths } from "./schema.js";
import type { RefreshLedger } from "./refresh-ledger.js";
import { createSession, type RefreshLockManager, type SessionCheck } from "./session.js";
import type { TokenStore } from "./token-store.js";
import { reporting } from "./unreachable.js";

type Schemas = components["schemas"];
export type TaskCreateBody = Schemas["TaskCreate"];
/** issue 18: an edit of a task; every field optional, notes and category may be null. */
export type TaskUpdateBody = Schemas["TaskUpdate"];
export type SubscriptionCreateBody = Schemas["SubscriptionCreate"];
/** issue 18: an edit of a subscription (pause and resume with `active`); every field optional. */
export type SubscriptionUpdateBody = Schemas["SubscriptionUpdate"];
export type SubscriptionTotals = Schemas["SubscriptionTotals"];
/** spec 7: the optional filters of GET /subscriptions/. */
export type SubscriptionFilter = NonNullable<
  paths["/subscriptions/"]["get"]["parameters"]["query"]
>;

export interface LifeAdminClientOptions {
  /** Where the API answers, e.g. "http://127.0.0.1:8000". */
  baseUrl: string;
  /** Where the session's tokens live: `localStorageTokenStore()` in a browser, `memoryTokenStore()` elsewhere. */
  tokens: TokenStore;
  /** Called when the session ends: refresh refused, refresh token expired, or logout. */
  onSessionEnded?: () => void;
  /**
   * Default: the global fetch, with no time limit. A script that must not hang on a stuck API
   * passes `timeLimitedFetch(ms)` (`@life-admin/api-client/timeout`). Tests pass one that calls
   * the app in-process.
   */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * The lock that keeps the page's tabs from refreshing at once (REFRESH_LOCK_NAME). Default: the
   * runtime's `navigator.locks`; `null`, or a runtime without Web Locks: no cross-tab lock.
   */
  locks?: RefreshLockManager | null;
  /**
   * Where a refresh is written down for the page's other tabs (refresh-ledger.ts). Default: the
   * runtime's IndexedDB; `null`, or a runtime without it: the token store alone.
   */
  ledger?: RefreshLedger | null;
}

// Members are function-valued properties, so `client.tasks.list` can be passed around unbound.
export interface LifeAdminClient {
  auth: {
    /**
     * spec 7, decisions D2: where to send the browser to sign in with Google, for a sign-in bound
     * to this browser by `browserChallenge` (createBrowserBinding's challenge).
     */
    googleLoginUrl: (browserChallenge: string) => Promise<string>;
    /**
     * decisions D2: the callback's one-time code and the binding's verifier, for the new sign-in's
     * tokens (not stored: the caller decides where the session goes).
     */
    exchangeSignInCode: (code: string, browserVerifier: string) => Promise<Schemas["TokenSet"]>;
    /** spec 7: exchanges the stored refresh token for a new set, which replaces the stored one. */
    refresh: () => Promise<Schemas["TokenSet"]>;
    /**
     * Ends the sign-in on the server (its refresh token in the body), then clears the store and
     * calls onSessionEnded, whatever the server answered; a failure is still thrown after that.
     */
    logout: () => Promise<void>;
  };
  users: {
    me: () => Promise<Schemas["User"]>;
  };
  tasks: {
    list: () => Promise<Task[]>;
    create: (body: TaskCreateBody) => Promise<Task>;
    get: (id: number) => Promise<Task>;
    /** Changes only the fields given; `{}` changes nothing. */
    update: (id: number, body: TaskUpdateBody) => Promise<Task>;
    remove: (id: number) => Promise<void>;
    /**
     * decisions D9: completes the task's current occurrence. Pass the `due_date` shown: if another
     * tab completed that occurrence already, nothing changes and the task comes back as it is.
     */
    complete: (id: number, dueDate?: string) => Promise<Task>;
    /**
     * decisions D9: skips a recurring task's current occurrence (it moves on as completing it
     * would, and its history keeps a skip). Pass the `due_date` shown, as for `complete`; a task
     * that happens once is a 409 ApiError.
     */
    skip: (id: number, dueDate?: string) => Promise<Task>;
    /** Undoes the latest completion or skip; a 409 ApiError when there is none. */
    uncomplete: (id: number) => Promise<Task>;
  };
  subscriptions: {
    /** spec 7: each filter is sent only when set. */
    list: (filter?: SubscriptionFilter) => Promise<Subscription[]>;
    create: (body: SubscriptionCreateBody) => Promise<Subscription>;
    get: (id: number) => Promise<Subscription>;
    /** Changes only the fields given (`{ active: false }` pauses); `{}` changes nothing. */
    update: (id: number, body: SubscriptionUpdateBody) => Promise<Subscription>;
    remove: (id: number) => Promise<void>;
    /** decisions D10: per month and per year over the active ones, in the currency's units. */
    totals: () => Promise<SubscriptionTotals>;
  };
  /**
   * The signed-in openapi-fetch client behind these calls (bearer token, refresh and retry,
   * answers checked): for the calls that load with the screens that need them
   * (`@life-admin/api-client/calendar`, `/reminders`), so that the web app's first download does
   * not carry them (issue 7's budget).
   */
  http: Client<paths>;
  /**
   * spec 4: refresh token expired: the session ends; only the access token expired: a refresh,
   * skipped while another is in progress. Run it on load and every SESSION_CHECK_INTERVAL_MS.
   */
  checkSession: (now: Date) => Promise<SessionCheck>;
}

/**
 * The API's address, checked as the client is made: an address left unset (a script's missing
 * environment variable) would otherwise fail only at the first call, as "Failed to parse URL from
 * /tasks/", far from its cause.
 */
function checkedBaseUrl(baseUrl: string): string {
  // "localhost:8000" parses too, as a URL of the scheme "localhost:".
  const scheme = URL.canParse(baseUrl) ? new URL(baseUrl).protocol : null;
  if (scheme !== "http:" && scheme !== "https:") {
    throw new TypeError(
      `baseUrl must be the API's whole address, such as http://127.0.0.1:8000; it was ${JSON.stringify(baseUrl)}`,
    );
  }
  return baseUrl;
}

/**
 * A completion's or a skip's request: the task, and the due date the caller saw (no body without
 * one: the current occurrence).
 */
function closing(id: number, dueDate: string | undefined) {
  return {
    params: { path: { task_id: id } },
    ...(dueDate === undefined ? {} : { body: { due_date: dueDate } }),
  };
}

export function createLifeAdminClient(options: LifeAdminClientOptions): LifeAdminClient {
  const { tokens, onSessionEnded, locks, ledger } = options;
  const baseUrl = checkedBaseUrl(options.baseUrl);
  // Called as a plain function: browsers refuse `fetch` called on another object.
  const fetch = reporting(options.fetch ?? ((request: Request) => globalThis.fetch(request)));

  /** Order matters: requests pass through in order, answers in reverse. */
  function client(...extra: Middleware[]): Client<paths> {
    const api = createClient<paths>({ baseUrl, fetch });
    api.use(jsonHeaders, responseValidation, errorMapping, ...extra);
    return api;
  }
  // Sign-in, refresh and logout: no bearer token, no refresh on 401.
  const open = client();

  const session = createSession({
    tokens,
    onSessionEnded,
    locks,
    ledger,
    async requestRefresh(refreshToken) {
      // decisions D3: in the JSON body, never in the URL (the spec's query form leaks it to logs).
      const result = await open.POST("/auth/refresh", { body: { refresh_token: refreshToken } });
      return dataOf("POST /auth/refresh", result);
    },
  });

  const api = client(
    bearerToken(tokens),
    refreshAndRetry({ tokens, fetch, refresh: session.refresh }),
  );

  return {
    auth: {
      async googleLoginUrl(browserChallenge) {
        const result = await open.GET("/auth/google/login", {
          params: { query: { browser_challenge: browserChallenge } },
        });
        return dataOf("GET /auth/google/login", result).authorization_url;
      },
      async exchangeSignInCode(code, browserVerifier) {
        const result = await open.POST("/auth/google/exchange", {
          body: { code, browser_verifier: browserVerifier },
        });
        return dataOf("POST /auth/google/exchange", result);
      },
      refresh: session.refresh,
      async logout() {
        const refreshToken = tokens.get()?.refresh_token;
        try {
          // The token goes in the body here: logout is ours (decisions D3), not the spec's wire.
          if (refreshToken !== undefined) {
            await open.POST("/auth/logout", {
              body: { refresh_token: refreshToken },
              parseAs: "text",
            });
          }
        } finally {
          session.end();
        }
      },
    },
    users: {
      async me() {
        return dataOf("GET /users/me", await api.GET("/users/me"));
      },
    },
    tasks: {
      async list() {
        return dataOf("GET /tasks/", await api.GET("/tasks/"));
      },
      async create(body) {
        return dataOf("POST /tasks/", await api.POST("/tasks/", { body }));
      },
      async get(id) {
        const params = { path: { task_id: id } };
        return dataOf("GET /tasks/{task_id}", await api.GET("/tasks/{task_id}", { params }));
      },
      async update(id, body) {
        const params = { path: { task_id: id } };
        return dataOf(
          "PATCH /tasks/{task_id}",
          await api.PATCH("/tasks/{task_id}", { params, body }),
        );
      },
      async remove(id) {
        await api.DELETE("/tasks/{task_id}", { params: { path: { task_id: id } } });
      },
      async complete(id, dueDate) {
        const result = await api.POST("/tasks/{task_id}/complete", closing(id, dueDate));
        return dataOf("POST /tasks/{task_id}/complete", result);
      },
      async skip(id, dueDate) {
        const result = await api.POST("/tasks/{task_id}/skip", closing(id, dueDate));
        return dataOf("POST /tasks/{task_id}/skip", result);
      },
      async uncomplete(id) {
        const params = { path: { task_id: id } };
        return dataOf(
          "POST /tasks/{task_id}/uncomplete",
          await api.POST("/tasks/{task_id}/uncomplete", { params }),
        );
      },
    },
    subscriptions: {
      async list(filter = {}) {
        const query: SubscriptionFilter = {};
        if (filter.frequency) query.frequency = filter.frequency;
        if (filter.priority) query.priority = filter.priority;
        return dataOf(
          "GET /subscriptions/",
          await api.GET("/subscriptions/", { params: { query } }),
        );
      },
      async create(body) {
        return dataOf("POST /subscriptions/", await api.POST("/subscriptions/", { body }));
      },
      async get(id) {
        const params = { path: { subscription_id: id } };
        return dataOf(
          "GET /subscriptions/{subscription_id}",
          await api.GET("/subscriptions/{subscription_id}", { params }),
        );
      },
      async update(id, body) {
        const params = { path: { subscription_id: id } };
        return dataOf(
          "PATCH /subscriptions/{subscription_id}",
          await api.PATCH("/subscriptions/{subscription_id}", { params, body }),
        );
      },
      async remove(id) {
        const params = { path: { subscription_id: id } };
        await api.DELETE("/subscriptions/{subscription_id}", { params });
      },
      async totals() {
        return dataOf("GET /subscriptions/totals", await api.GET("/subscriptions/totals"));
      },
    },
    http: api,
    checkSession: session.check,
  };
}
