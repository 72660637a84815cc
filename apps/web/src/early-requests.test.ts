// issue 7: the dashboard's requests leave before the app's code has arrived, and the app's
// client gets each answer once, for the very same request; nothing else changes.
import {
  TOKEN_STORAGE_KEY,
  createLifeAdminClient,
  memoryTokenStore,
  storedAccessToken,
} from "@life-admin/api-client";
import { householdCalls } from "@life-admin/api-client/households";
import { describe, expect, it, vi } from "vitest";
import {
  CALLBACK_PATH,
  DASHBOARD_PATH as APP_DASHBOARD_PATH,
  SIGN_UP_PATH as APP_SIGN_UP_PATH,
} from "./session/landing";
import {
  DASHBOARD_PATH,
  DASHBOARD_REQUESTS,
  FAMILY_VIEW_REQUESTS,
  ROUTE_CODE_ID,
  SIGN_UP_PATH,
  preloadRouteCode,
  routeShown,
  startEarlyRequests,
} from "./early-requests";

const API = "http://api.test";
const SESSION = JSON.stringify({
  access_token: "a.b.c",
  refresh_token: "r.s.t",
  token_type: "Bearer",
});

function setUp(
  options: { path?: string; search?: string; session?: string | null; view?: "my" | "family" } = {},
) {
  const network = vi.fn((request: Request) =>
    Promise.resolve(new Response(JSON.stringify({ url: request.url }), { status: 200 })),
  );
  const early = startEarlyRequests({
    apiBaseUrl: API,
    location: { pathname: options.path ?? "/dashboard", search: options.search ?? "" },
    accessToken: storedAccessToken({
      getItem: (key) => {
        if (key !== TOKEN_STORAGE_KEY) return null;
        return options.session === undefined ? SESSION : options.session;
      },
    }),
    view: options.view ?? "my",
    fetch: network,
  });
  return { early, network };
}

const get = (path: string, token = "a.b.c") =>
  new Request(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` } });

describe("the dashboard's early requests", () => {
  it("uses the app's paths", () => {
    expect(DASHBOARD_PATH).toBe(APP_DASHBOARD_PATH);
    expect(SIGN_UP_PATH).toBe(APP_SIGN_UP_PATH);
  });

  it("sends the profile, tasks and subscriptions requests at once on /dashboard with a session", () => {
    const { network } = setUp();
    const sent = network.mock.calls.map(([request]) => [
      request.method,
      request.url,
      request.headers.get("Authorization"),
    ]);
    expect(sent).toEqual(
      DASHBOARD_REQUESTS.map((path) => ["GET", `${API}${path}`, "Bearer a.b.c"]),
    );
  });

  it("in Family view, sends the profile and the household's lists instead of the person's own", () => {
    const { network } = setUp({ view: "family" });
    expect(network.mock.calls.map(([request]) => request.url)).toEqual(
      FAMILY_VIEW_REQUESTS.map((path) => `${API}${path}`),
    );
  });

  it("answers Family view's lists as the app's client asks for them, without a second request", async () => {
    const { early, network } = setUp({ view: "family" });
    const tokens = memoryTokenStore();
    tokens.set({ access_token: "a.b.c", refresh_token: "r.s.t", token_type: "Bearer" });
    const client = createLifeAdminClient({
      baseUrl: API,
      tokens,
      fetch: early.fetch,
      locks: null,
      ledger: null,
    });
    const household = householdCalls(client);
    await household.tasks("family").catch(() => undefined);
    await household.subscriptions("family").catch(() => undefined);
    expect(network).toHaveBeenCalledTimes(FAMILY_VIEW_REQUESTS.length);
  });

  it("sends nothing elsewhere, without a session, or when the address carries anything", () => {
    for (const options of [
      { path: "/" },
      { session: null },
      { session: "{not json" },
      { session: JSON.stringify({ access_token: "" }) },
      { search: "?token=x&refresh_token=y" },
    ]) {
      expect(setUp(options).network).not.toHaveBeenCalled();
    }
  });

  it("hands the app each answer once, for the same request with the same token", async () => {
    const { early, network } = setUp();
    const response = await early.fetch(get("/tasks/"));
    expect(await response.json()).toEqual({ url: `${API}/tasks/` });
    expect(network).toHaveBeenCalledTimes(3);
    await early.fetch(get("/tasks/"));
    expect(network).toHaveBeenCalledTimes(4);
  });

  it("lets every other request through to the network", async () => {
    const { early, network } = setUp();
    await early.fetch(get("/tasks/", "refreshed.token.value"));
    await early.fetch(get("/tasks/?x=1"));
    await early.fetch(
      new Request(`${API}/tasks/`, {
        method: "POST",
        headers: { Authorization: "Bearer a.b.c" },
        body: "{}",
      }),
    );
    expect(network).toHaveBeenCalledTimes(6);
  });

  it("fails to whoever takes a failed answer, and quietly when nobody does", async () => {
    const network = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    const early = startEarlyRequests({
      apiBaseUrl: API,
      location: { pathname: "/dashboard", search: "" },
      accessToken: "a.b.c",
      view: "my",
      fetch: network,
    });
    await expect(early.fetch(get("/users/me"))).rejects.toThrow("Failed to fetch");
    // The two answers never taken must not surface as unhandled rejections (they would fail the run).
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});

describe("the route's code, asked for early", () => {
  function pageWith(json: string | null) {
    document.head.innerHTML = "";
    if (json !== null) {
      const block = document.createElement("script");
      block.type = "application/json";
      block.id = ROUTE_CODE_ID;
      block.textContent = json;
      document.head.append(block);
    }
    return () =>
      [...document.head.querySelectorAll("link")].map((link) => [
        link.rel,
        link.getAttribute("href"),
        link.getAttribute("as"),
      ]);
  }

  it("preloads the listed scripts and styles of the page's route", () => {
    const links = pageWith(
      JSON.stringify({
        "/dashboard": { js: ["/assets/d.js", "/assets/h.js"], css: ["/assets/d.css"] },
      }),
    );
    preloadRouteCode(document, "/dashboard");
    expect(links()).toEqual([
      ["modulepreload", "/assets/d.js", null],
      ["modulepreload", "/assets/h.js", null],
      ["preload", "/assets/d.css", "style"],
    ]);
  });

  it("is the code of the page the app will show: / and /dashboard follow the session", () => {
    expect(routeShown("/", false)).toBe("/");
    expect(routeShown("/", true)).toBe("/dashboard");
    expect(routeShown("/dashboard", true)).toBe("/dashboard");
    expect(routeShown("/dashboard", false)).toBe("/");
    expect(routeShown(CALLBACK_PATH, true)).toBe(CALLBACK_PATH);
    expect(routeShown(CALLBACK_PATH, false)).toBe(CALLBACK_PATH);
  });

  it("does nothing for another route, without the list, or with a broken one", () => {
    for (const json of [JSON.stringify({ "/dashboard": { js: ["/a.js"], css: [] } }), null, "{"]) {
      const links = pageWith(json);
      preloadRouteCode(document, json === null || json === "{" ? "/dashboard" : "/");
      expect(links()).toEqual([]);
    }
  });
});
