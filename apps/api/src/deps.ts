// What the app is built from. server.ts makes these from the configuration; tests make them
// around a fresh database. Routes receive them instead of reaching for globals.
import type { KeyObject } from "node:crypto";
import type { Config } from "./config.js";
import type { Database } from "./db/database.js";
import { createListCache, LIST_CACHE_BYTES, type ListCache } from "./http/list-cache.js";
import { createRateLimits, type RateLimits } from "./http/rate-limits.js";
import type { Logger } from "./logger.js";
import { createTokenService, type TokenService } from "./auth/tokens/token-service.js";
import { loadSigningKeys, type SigningKeys } from "./auth/signing-key.js";
import { createSignInProvider, type SignInProvider } from "./auth/oidc/sign-in-provider.js";
import { createFeedTokens, type FeedTokens } from "./calendar/feed-tokens.js";
import { createUnsubscribeTokens, type UnsubscribeTokens } from "./email/unsubscribe-tokens.js";
import { loadFilesKey } from "./files/files-key.js";
import { createJobSender, type JobSender } from "./jobs/job-sender.js";

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** decisions D11: the calendar feeds' secret addresses (made with a key of the API's own). */
  feedTokens: FeedTokens;
  /** decisions D13: the reminder emails' one-click unsubscribe links (no database lookup). */
  unsubscribeTokens: UnsubscribeTokens;
  /** decisions D14: the key the stored files are encrypted with (FILES_KEY, or generated). */
  filesKey: KeyObject;
  /** decisions D12: queues background work (a file's reading) for the job engine's workers. */
  jobs: JobSender;
  /** The list answers this process keeps, each for one revision of the user's lists. */
  lists: ListCache;
  /** decisions D15: limits per client address and per account, counted across processes. */
  rateLimits: RateLimits;
  logger: Logger;
  /** decisions D2: the OpenID provider signed in with (Google, or the local one under /oidc). */
  signIn: SignInProvider;
  /** The clock: what "today" is for renewals (decisions D10) and when a task was completed. */
  now: () => Date;
  /** Registers clean-up to run at shutdown, before the database closes (last in, first out). */
  onClose(fn: () => Promise<void> | void): void;
}

export interface CreateDepsOptions {
  config: Config;
  database: Database;
  logger: Logger;
  /** Default: TOKEN_SIGNING_KEY or the key kept in DATA_DIR. */
  keys?: SigningKeys;
  /** Default: from the configuration (Google, or the local provider). */
  signIn?: SignInProvider;
  /** Default: the real clock. */
  now?: () => Date;
}

export interface OwnedDeps extends AppDeps {
  /** Runs the onClose hooks, then closes the database. */
  close(): Promise<void>;
}

export function createDeps({
  config,
  database,
  logger,
  keys,
  signIn,
  now,
}: CreateDepsOptions): OwnedDeps {
  const signingKeys = keys ?? loadSigningKeys(config);
  const jobs = createJobSender(database.jobStore);
  // Stopped last of all, just before the database closes: after the job engine (registered later).
  const hooks: (() => Promise<void> | void)[] = [() => jobs.stop()];
  const tokens = createTokenService({
    db: database.db,
    checkDb: database.signInDb,
    keys: signingKeys,
    issuer: config.publicApiUrl,
    limits: config.session,
    logger,
    ...(now ? { now } : {}),
  });
  return {
    config,
    database,
    tokens,
    feedTokens: createFeedTokens(signingKeys.privateKey),
    unsubscribeTokens: createUnsubscribeTokens(signingKeys.privateKey),
    filesKey: loadFilesKey(config),
    jobs,
    lists: createListCache({ maxBytes: LIST_CACHE_BYTES }),
    rateLimits: createRateLimits({
      db: database.db,
      config: config.rateLimits,
      logger,
      ...(now ? { now } : {}),
    }),
    logger,
    signIn: signIn ?? createSignInProvider(config),
    now: now ?? (() => new Date()),
    onClose(fn) {
      hooks.push(fn);
    },
    async close() {
      for (const hook of hooks.splice(0).reverse()) {
        try {
          await hook();
        } catch (error) {
          logger.error({ err: error }, "shutdown hook failed");
        }
      }
      await database.close();
    },
  };
}
