// decisions D15, issue 17: sign-in, code exchange and refresh are rate-limited across processes.
// Each limit counts hits per client address or per account in the database (rate-limit-counter.ts),
// so N API processes on one PostgreSQL refuse at the same total as one. A refusal is a 429 in
// FastAPI's shape with Retry-After, and a log line (event "rate_limited").
//
// A refusal is cheap: once the database has said a subject is over its limit until some instant,
// this process refuses that subject's next requests until then without asking again. That memory
// only ever refuses what the shared count has already refused, so no process lets more through
// than the limit allows. Under a flood from one address the database counts the requests each
// process had in flight when it learned of the refusal, then none until the window ends.
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import type { RateLimitConfig } from "../config.js";
import type { Db } from "../db/database.js";
import { ApiError } from "../errors/api-error.js";
import type { Logger } from "../logger.js";
import { clientAddress } from "./client-address.js";
import { rateLimitCounter } from "./rate-limit-counter.js";

/** Every limit is counted over one minute: the configuration says how many hits it allows. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** The subjects whose refusal this process remembers (a flood from many addresses stays bounded). */
const REMEMBERED_REFUSALS = 10_000;

/** Limits counted per client address, each on one route. */
export type AddressLimit = "sign_in_start" | "code_exchange" | "refresh";
/** Limits counted per account, once the route knows whose request it is. */
export type AccountLimit = "code_exchange" | "refresh";

interface LimitRule {
  /** Its name in the database and in the log. */
  name: string;
  /** What the caller did too often, for the 429's detail. */
  what: string;
  perMinute(config: RateLimitConfig): number;
}

const ADDRESS_LIMITS: Record<AddressLimit, LimitRule> = {
  sign_in_start: {
    name: "sign_in_start_per_address",
    what: "sign-in attempts",
    perMinute: (config) => config.signInPerMinute,
  },
  code_exchange: {
    name: "code_exchange_per_address",
    what: "sign-in attempts",
    perMinute: (config) => config.signInPerMinute,
  },
  refresh: {
    name: "refresh_per_address",
    what: "session refreshes",
    perMinute: (config) => config.refreshPerMinute,
  },
};

const ACCOUNT_LIMITS: Record<AccountLimit, LimitRule> = {
  code_exchange: {
    name: "code_exchange_per_account",
    what: "sign-ins to this account",
    perMinute: (config) => config.signInPerAccountPerMinute,
  },
  refresh: {
    name: "refresh_per_account",
    what: "session refreshes for this account",
    perMinute: (config) => config.refreshPerAccountPerMinute,
  },
};

/** The limits whose subject is an account's id: an account's deletion deletes its counters. */
export const ACCOUNT_LIMIT_NAMES: readonly string[] = Object.values(ACCOUNT_LIMITS).map(
  (rule) => rule.name,
);

/** 429 with Retry-After (whole seconds, 1 to the window's 60) and FastAPI's `{"detail": ...}`. */
export class TooManyRequestsError extends ApiError {
  constructor(what: string, retryAfterSeconds: number) {
    const seconds = retryAfterSeconds === 1 ? "1 second" : `${retryAfterSeconds} seconds`;
    super(429, `Too many ${what}. Please try again in ${seconds}.`, {
      "Retry-After": String(retryAfterSeconds),
    });
    this.name = "TooManyRequestsError";
  }
}

export interface RateLimits {
  /**
   * Counts one request from client address `address` (clientAddress()) against `limit`; throws a
   * TooManyRequestsError (429) when it is one too many. The routes in ADDRESS_LIMITED_ROUTES get
   * this from limitPerAddress(), mounted in app.ts.
   */
  perAddress(limit: AddressLimit, address: string): Promise<void>;
  /**
   * Counts one request of account `userId` against `limit`; throws a TooManyRequestsError (429)
   * when it is one too many. Call it once the route knows the account, before doing the work.
   */
  perAccount(limit: AccountLimit, userId: number): Promise<void>;
}

export interface RateLimitsOptions {
  db: Db;
  config: RateLimitConfig;
  logger: Logger;
  /** The clock; tests move it. */
  now?: () => Date;
}

export function createRateLimits({
  db,
  config,
  logger,
  now = () => new Date(),
}: RateLimitsOptions): RateLimits {
  const counter = rateLimitCounter(db);
  // Subject key -> the instant (ms) until which the database has refused it.
  const refusedUntil = new LRUCache<string, number>({ max: REMEMBERED_REFUSALS });

  async function count(rule: LimitRule, subject: string, logged: Record<string, unknown>) {
    const key = `${rule.name} ${subject}`;
    const at = now();
    let until = refusedUntil.get(key);
    if (until === undefined || until <= at.getTime()) {
      const { hits, windowEndsAt } = await counter.hit(
        rule.name,
        subject,
        RATE_LIMIT_WINDOW_MS,
        at,
      );
      if (hits <= rule.perMinute(config)) return;
      until = windowEndsAt.getTime();
      refusedUntil.set(key, until);
    }
    // Never more than a window: a request begun before another (or another process) opened the
    // window, and counted after it, would otherwise be told to wait the window and a second.
    const retryAfterSeconds = Math.min(
      RATE_LIMIT_WINDOW_MS / 1000,
      Math.max(1, Math.ceil((until - at.getTime()) / 1000)),
    );
    logger.warn(
      { event: "rate_limited", limit: rule.name, ...logged, retry_after_s: retryAfterSeconds },
      "rate limited",
    );
    throw new TooManyRequestsError(rule.what, retryAfterSeconds);
  }

  return {
    perAddress: (limit, address) => count(ADDRESS_LIMITS[limit], address, { address }),
    perAccount: (limit, userId) => count(ACCOUNT_LIMITS[limit], String(userId), { userId }),
  };
}

/** The routes limited per client address: app.ts mounts limitPerAddress() on each. */
export const ADDRESS_LIMITED_ROUTES: readonly {
  method: "GET" | "POST";
  path: string;
  limit: AddressLimit;
}[] = [
  { method: "GET", path: "/auth/google/login", limit: "sign_in_start" },
  { method: "POST", path: "/auth/google/exchange", limit: "code_exchange" },
  { method: "POST", path: "/auth/refresh", limit: "refresh" },
];

/**
 * Counts each `method` request to the path it is mounted on against `limit`, per client address
 * (TRUST_PROXY_HOPS says which), before the route reads anything: a refused request costs no
 * more than its count, or nothing at all once this process knows the address is over its limit.
 */
export function limitPerAddress(
  rateLimits: RateLimits,
  { method, limit }: { method: string; limit: AddressLimit },
  trustProxyHops: number,
): MiddlewareHandler {
  // Hono answers HEAD with the GET route (its body dropped): a HEAD sign-in start writes its
  // login attempt like a GET, so it counts like one.
  const counted = method === "GET" ? ["GET", "HEAD"] : [method];
  return async (c, next) => {
    if (counted.includes(c.req.method)) {
      await rateLimits.perAddress(limit, clientAddress(c, trustProxyHops));
    }
    await next();
  };
}
