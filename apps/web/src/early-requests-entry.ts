// The page's first script (vite.config.ts puts it before the app's): starts the dashboard's
// requests and asks for the code of the page the app will show (early-requests.ts). main.tsx
// hands the answers to the app's client.
import { storedAccessToken } from "@life-admin/api-client/stored-session";
import { rememberedView } from "./data/view-choice";
import { preloadRouteCode, routeShown, startEarlyRequests } from "./early-requests";

// Even reaching localStorage can throw (storage refused): then there is no session to start with.
const accessToken = storedAccessToken({ getItem: (key) => window.localStorage.getItem(key) });

export const earlyAnswers = startEarlyRequests({
  apiBaseUrl: __LIFE_ADMIN_API_BASE_URL__,
  location: window.location,
  accessToken,
  // With a session, storage answers.
  view: accessToken === null ? "my" : rememberedView(),
  fetch: (request) => fetch(request),
});

preloadRouteCode(document, routeShown(window.location.pathname, accessToken !== null));
