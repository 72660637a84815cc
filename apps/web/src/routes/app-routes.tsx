// spec 2: the three routes. / and /dashboard follow the session: / goes to /dashboard with one,
// /dashboard to / without one (also the moment it is cleared). The sign-up page and the
// dashboard load on demand; the callback page is in the first download (it is the page a
// sign-in lands on).
import { LOADING_APP_TEXT, LoadingScreen } from "@life-admin/ui";
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { CALLBACK_PATH, DASHBOARD_PATH, SIGN_UP_PATH } from "../session/landing";
import { useSignedIn } from "../session/use-signed-in";
import { AuthCallbackRoute } from "./auth-callback-route";

const SignUpRoute = lazy(() =>
  import("./sign-up-route").then((module) => ({ default: module.SignUpRoute })),
);
const DashboardRoute = lazy(() =>
  import("./dashboard-route").then((module) => ({ default: module.DashboardRoute })),
);

export function AppRoutes() {
  const signedIn = useSignedIn();
  return (
    <Routes>
      <Route
        path={SIGN_UP_PATH}
        element={
          signedIn ? (
            <Navigate to={DASHBOARD_PATH} replace />
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
        element={
          signedIn ? (
            // The dashboard's own first state, while its code arrives.
            <Suspense fallback={<LoadingScreen />}>
              <DashboardRoute />
            </Suspense>
          ) : (
            <Navigate to={SIGN_UP_PATH} replace />
          )
        }
      />
      <Route path="*" element={<Navigate to={SIGN_UP_PATH} replace />} />
    </Routes>
  );
}
