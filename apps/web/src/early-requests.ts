// issue 7: the dashboard's content waits on three requests (the profile, the tasks and the
// subscriptions, or in Family view the household's), each behind a CORS preflight. On a page
// opened at /dashboard with a session, they are sent by a small script of their own
// (early-requests-entry.ts, loaded beside the app's code by vite.config.ts) while the app's code
// is still downloading. The app's client then gets each answer from here, once, for the same
// request with the same token; anything else, and every later request, goes to the network as
// usual. Nothing here may import the app's code: this runs before it has even arrived, and
// vite.config.ts reads it (a test keeps the two paths below equal to the app's).

/** The sign-up page's and the dashboard's paths (session/landing.ts). */
export const SIGN_UP_PATH = "/";
export const DASHBOARD_PATH = "/dashboard";
/** The API paths the dashboard loads (spec 2, 7). */
export const DASHBOARD_REQUESTS = ["/users/me", "/tasks/", "/subscriptions/"] as const;
/** issue 23: the same in Family view, whose lists are the household's (householdCalls). */
export const FAMILY_VIEW_REQUESTS = [
  "/users/me",
  "/tasks/?view=family",
  "/subscriptions/?view=family",
] as const;

export interface EarlyRequestsOptions {
  /** The API's base URL, without a trailing slash (the validated VITE_API_BASE_URL). */
  apiBaseUrl: string;
  location: Pick<Location, "pathname" | "search">;
  /** The stored session's access token (the api-client's storedAccessToken), or null. */
  accessToken: string | null;
  /** The view the dashboard opens in: the one remembered on this device (data/view-choice.ts). */
  view: "my" | "family";
  fetch: (request: Request) => Promise<Response>;
}

export interface EarlyAnswers {
  /** A fetch for the app's client: the early answer to the same request, once; else the network. */
  fetch: (request: Request) => Promise<Response>;
}

const keyOf = (url: string, authorization: string | null) => `GET ${url} ${authorization ?? ""}`;

export function startEarlyRequests(options: EarlyRequestsOptions): EarlyAnswers {
  const answers = new Map<string, Promise<Response>>();
  const token = options.accessToken;
  // Only a plain /dashboard: an address carrying anything (sign-in results among them, decisions
  // D3) waits for the app, which cleans it before any request.
  if (options.location.pathname === DASHBOARD_PATH && options.location.search === "" && token) {
    const authorization = `Bearer ${token}`;
    for (const path of options.view === "family" ? FAMILY_VIEW_REQUESTS : DASHBOARD_REQUESTS) {
      const url = `${options.apiBaseUrl}${path}`;
      const answer = options.fetch(new Request(url, { headers: { Authorization: authorization } }));
      // Never taken (the app went elsewhere): not an unhandled failure. Taken: it still fails.
      answer.catch(() => undefined);
      answers.set(keyOf(url, authorization), answer);
    }
  }
  return {
    fetch(request) {
      const key = keyOf(request.url, request.headers.get("Authorization"));
      const answer = request.method === "GET" ? answers.get(key) : undefined;
      if (answer === undefined) return options.fetch(request);
      answers.delete(key);
      return answer;
    },
  };
}

/**
 * The route the app shows at `pathname` (routes/app-routes.tsx): / and /dashboard follow the
 * session, to the dashboard with one and to the sign-up page without; other paths are their own.
 */
export function routeShown(pathname: string, signedIn: boolean): string {
  if (pathname !== SIGN_UP_PATH && pathname !== DASHBOARD_PATH) return pathname;
  return signedIn ? DASHBOARD_PATH : SIGN_UP_PATH;
}

/** The id of the JSON block that lists each route's code files (vite: early-start.ts). */
export const ROUTE_CODE_ID = "route-code";

interface RouteCode {
  js: string[];
  css: string[];
}

/**
 * Asks for the code of the route at `path` now (modulepreload for its scripts, preload for its
 * styles), as listed in the page's JSON block, instead of when the app's code gets to it.
 */
export function preloadRouteCode(document: Document, path: string): void {
  let routes: Record<string, RouteCode | undefined>;
  try {
    routes = JSON.parse(document.getElementById(ROUTE_CODE_ID)?.textContent ?? "{}") as Record<
      string,
      RouteCode | undefined
    >;
  } catch {
    return;
  }
  const code = routes[path];
  if (code === undefined) return;
  const link = (rel: string, href: string, as?: string) => {
    const element = document.createElement("link");
    element.setAttribute("rel", rel);
    element.setAttribute("href", href);
    element.setAttribute("crossorigin", "");
    if (as !== undefined) element.setAttribute("as", as);
    document.head.append(element);
  };
  for (const file of code.js) link("modulepreload", file);
  for (const file of code.css) link("preload", file, "style");
}
