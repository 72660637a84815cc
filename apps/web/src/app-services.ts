// What the app is built from: the API client, the session, the clock and the few browser
// functions it calls. main.tsx makes the browser's; tests pass a fetch, a storage and a clock.
import {
  createLifeAdminClient,
  localStorageTokenStore,
  type LifeAdminClient,
  type RefreshLockManager,
  type TokenStorage,
} from "@life-admin/api-client";
import { createSessionStore, type SessionStore } from "./session/session-store";
import type { SecretStorage } from "./session/sign-in-secret";

export interface AppServices {
  client: LifeAdminClient;
  /** Where the API is (issue 21: the upload, which goes around the client for its progress). */
  apiBaseUrl: string;
  session: SessionStore;
  /** Where a sign-in's secret waits for the callback (decisions D2): this tab's sessionStorage. */
  signInSecrets: SecretStorage;
  /** The clock: read at render for the dashboard's rules, and by the session check. */
  now: () => Date;
  /** The user's time zone, which decides what "today" is (decisions D5); the runtime's if unset. */
  timeZone: string | undefined;
  /** The user's locale for dates (decisions D6); the runtime's if unset. */
  locale: string | undefined;
  /** Sends the browser to another address (the sign-in provider). */
  assign: (url: string) => void;
  /** spec 2: the dashboard's Reload button reloads the page. */
  reload: () => void;
  /** issue 21: a request that reports an upload's progress (fetch cannot). */
  xhr: () => XMLHttpRequest;
}

export interface AppServicesOptions {
  apiBaseUrl: string;
  /** Default: the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Default: the page's localStorage (spec 3: the session lives under `tokenData`). */
  storage?: TokenStorage;
  /** Default: the tab's sessionStorage (the sign-in's secret). */
  signInSecrets?: SecretStorage;
  /** Default: navigator.locks (the cross-tab refresh lock). */
  locks?: RefreshLockManager | null;
  now?: () => Date;
  timeZone?: string;
  locale?: string;
  assign?: (url: string) => void;
  reload?: () => void;
  /** Default: the page's XMLHttpRequest. */
  xhr?: () => XMLHttpRequest;
}

export function createAppServices(options: AppServicesOptions): AppServices {
  const session = createSessionStore(localStorageTokenStore({ storage: options.storage }));
  const client = createLifeAdminClient({
    baseUrl: options.apiBaseUrl,
    tokens: session.tokens,
    fetch: options.fetch,
    locks: options.locks,
  });
  return {
    client,
    apiBaseUrl: options.apiBaseUrl,
    session,
    signInSecrets: options.signInSecrets ?? window.sessionStorage,
    now: options.now ?? (() => new Date()),
    timeZone: options.timeZone,
    locale: options.locale,
    assign:
      options.assign ??
      ((url) => {
        window.location.assign(url);
      }),
    reload:
      options.reload ??
      (() => {
        window.location.reload();
      }),
    xhr: options.xhr ?? (() => new XMLHttpRequest()),
  };
}
