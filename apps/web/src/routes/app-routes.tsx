// spec 2: the three routes, and issue 19's /settings. / and /dashboard follow the session: / goes
// to /dashboard with one, /dashboard (and /settings) to / without one (also the moment it is
// cleared). The sign-up page, the dashboard and the settings load on demand; the callback page is
// in the first download (it is the page a sign-in lands on). issue 23: /join, signed in or not.
// A signed-in page opened without a session (a bookmark) says in its redirect where the person was
// going, so that signing in (here or in another tab) takes them back there (session/return-path.ts),
// but not one left by signing out or deleting the account; an
// address with no page shows a page that says so (not-found-route.tsx).
import { LOADING_APP_TEXT, LoadingScreen } from "@life-admin/ui";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import {
  CALLBACK_PATH,
  DASHBOARD_PATH,
  JOIN_PATH,
  SETTINGS_PATH,
  SIGN_UP_PATH,
} from "../session/landing";
import { returnPathOf, returnState } from "../session/return-path";
import { useSignedIn } from "../session/use-signed-in";
import { AuthCallbackRoute } from "./auth-callback-route";

const SignUpRoute = lazy(() =>
  import("./sign-up-route").then((module) => ({ default: module.SignUpRoute })),
);
const DashboardRoute = lazy(() =>
  import("./dashboard-route").then((module) => ({ default: module.DashboardRoute })),
);
const SettingsRoute = lazy(() =>
  import("./settings-route").then((module) => ({ default: module.SettingsRoute })),
);
// In Settings' chunk: a chunk of its own would add its files' names to the first download (and,
// for the not-found page, split the entry into more files: 0.8 kB more of it).
const JoinRoute = lazy(() =>
  import("./settings-route").then((module) => ({ default: module.JoinRoute })),
);
const NotFoundRoute = lazy(() =>
  import("./settings-route").then((module) => ({ default: module.NotFoundRoute })),
);

export function AppRoutes() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  // Whether this tab has had a session: a page left by signing out or deleting the account (or
  // whose session ended) is no page to come back to; the next sign-in starts at the dashboard.
  const [hadSession, setHadSession] = useState(signedIn);
  if (signedIn && !hadSession) setHadSession(true);
  // A page for the signed in: its own first state while its code arrives; without a session, /,
  // which a tab opened there signed out (a bookmark) comes back from once signed in.
  const signedInPage = (page: ReactNode) =>
    signedIn ? (
      <Suspense fallback={<LoadingScreen />}>{page}</Suspense>
    ) : (
      <Navigate
        to={SIGN_UP_PATH}
        replace
        state={hadSession ? undefined : returnState(location.pathname)}
      />
    );
  return (
    <Routes>
      <Route
        path={SIGN_UP_PATH}
        element={
          signedIn ? (
            <Navigate to={returnPathOf(location.state) ?? DASHBOARD_PATH} replace />
          ) : (
            // index.html's waiting state again, so that it stays until the page is there.
            <Suspense fallback={<LoadingScreen message={LOADING_APP_TEXT} />}>
              <SignUpRoute />
            </Suspense>
          )
        }
      />
      <Route path={CALLBACK_PATH} element={<AuthCallbackRoute />} />
      <Route
        path={DASHBOARD_PATH}
        element={signedInPage(<DashboardRoute onSettings={() => void navigate(SETTINGS_PATH)} />)}
      />
      <Route
        path={SETTINGS_PATH}
        element={signedInPage(<SettingsRoute onBack={() => void navigate(DASHBOARD_PATH)} />)}
      />
      <Route
        path={JOIN_PATH}
        element={
          // Signed out too: the page keeps the link's token and asks the person to sign in.
          <Suspense fallback={<LoadingScreen />}>
            <JoinRoute navigate={navigate} />
          </Suspense>
        }
      />
      <Route
        path="*"
        element={
          <Suspense fallback={<LoadingScreen message={LOADING_APP_TEXT} />}>
            <NotFoundRoute signedIn={signedIn} navigate={(path) => void navigate(path)} />
          </Suspense>
        }
      />
    </Routes>
  );
}
