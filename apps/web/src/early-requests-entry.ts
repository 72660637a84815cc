// The page's first script (vite.config.ts puts it before the app's): starts the dashboard's
// requests and asks for the dashboard's code (early-requests.ts). main.tsx hands the answers to
// the app's client.
import { preloadRouteCode, startEarlyRequests } from "./early-requests";

export const earlyAnswers = startEarlyRequests({
  apiBaseUrl: __LIFE_ADMIN_API_BASE_URL__,
  location: window.location,
  // Reading localStorage can throw (storage refused): then there is no early start.
  storage: { getItem: (key) => window.localStorage.getItem(key) },
  fetch: (request) => fetch(request),
});

preloadRouteCode(document, window.location.pathname);
