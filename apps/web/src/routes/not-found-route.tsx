// An address the app has no page for (a typo such as /dashbord, an old bookmark): it says so, under
// a title of its own, with a link home, rather than silently showing another page whose address
// still reads wrong. Loaded with Settings (app-routes.tsx says why). A plain link that the app
// follows itself: react-router's Link is left out of the build (router-parts.ts), and this page's
// chunk imports no react-router (page-arrival.ts says why).
import { PRODUCT_NAME } from "@life-admin/ui";
import { useEffect } from "react";
import { DASHBOARD_PATH, SIGN_UP_PATH } from "../session/landing";
import { followInApp } from "./in-app-link";
import { focusOnArrival, titled } from "./page-arrival";

const NOT_FOUND_TITLE = "Page not found";

export interface NotFoundRouteProps {
  signedIn: boolean;
  /** Goes to a page of the app without loading it again. */
  navigate: (path: string) => void;
}

export function NotFoundRoute({ signedIn, navigate }: NotFoundRouteProps) {
  const home = signedIn ? DASHBOARD_PATH : SIGN_UP_PATH;
  useEffect(() => titled([NOT_FOUND_TITLE, PRODUCT_NAME]), []);
  return (
    // index.html's waiting state's global class names (packages/ui): a centred page-sized <main>.
    <main className="la-loading-screen">
      <h1 ref={focusOnArrival} tabIndex={-1}>
        {NOT_FOUND_TITLE}
      </h1>
      <p className="la-loading-message">There is no page at this address.</p>
      <a
        href={home}
        onClick={followInApp(() => {
          navigate(home);
        })}
      >
        {signedIn ? "Go to your dashboard" : "Go to the sign-in page"}
      </a>
    </main>
  );
}
