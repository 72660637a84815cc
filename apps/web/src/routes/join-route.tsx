// issue 23: /join, where an invitation link opens (`{WEB_ORIGIN}/join#{token}`). The token is taken
// from the fragment and the fragment from the address bar (history.replaceState), so that no
// history entry, copied address or log holds it; it waits in this tab (invitation-token.ts). Signed
// in, the page names the household and who invited them (POST /households/join/preview), and the
// person joins (and is told so, with the way to Family view) or declines; signed out, they
// sign in first and the callback brings them back here. A refusal (404 unknown, 410 used or
// expired, 409 in a household already) says so in the API's words and forgets the link. Loaded with
// Settings' chunk and without react-router (app-routes.tsx passes navigate): issue 7's budget.
import { ApiError } from "@life-admin/api-client";
import { type InvitationPreview, householdCalls } from "@life-admin/api-client/households";
import {
  JOIN_TITLE,
  JoinHouseholdSection,
  type JoinStep,
  PRODUCT_NAME,
  SettingsPage,
} from "@life-admin/ui";
import { useEffect, useState } from "react";
import type { NavigateFunction } from "react-router";
import { rememberView } from "../data/view-choice";
import { DASHBOARD_PATH, SIGN_UP_PATH } from "../session/landing";
import type { SecretStorage } from "../session/sign-in-secret";
import { useSignedIn } from "../session/use-signed-in";
import { messageOf } from "../settings/message-of";
import { useServices } from "../use-services";
import { forgetInvitation, keepInvitation, tokenOfFragment } from "./invitation-token";
import { followInApp } from "./in-app-link";
import { focusOnArrival, titled } from "./page-arrival";
import { waitingInvitation } from "./waiting-invitation";

/** The answers after which the link cannot join anyone: unknown, used or expired, not needed. */
const REFUSALS = new Set([404, 409, 410, 422]);

/**
 * Whether `failure` refuses the link itself (REFUSALS): then it is forgotten; anything else is
 * logged, naming the route and the API's words, never the token (sent in the body).
 */
function refusesLink(failure: unknown, signInSecrets: SecretStorage): boolean {
  const refused = failure instanceof ApiError && REFUSALS.has(failure.status);
  if (refused) forgetInvitation(signInSecrets);
  else console.error(failure);
  return refused;
}

/** Where the page stands: joined, without a link, refused, or asked to join (or sign in first). */
function stepOf(at: {
  joined: boolean;
  token: string | null;
  refused: boolean | undefined;
  signedIn: boolean;
}): JoinStep {
  if (at.joined) return "joined";
  if (at.token === null) return "no-link";
  if (at.refused === true) return "refused";
  return at.signedIn ? "join" : "sign-in";
}

export interface JoinRouteProps {
  navigate: NavigateFunction;
}

export function JoinRoute({ navigate }: JoinRouteProps) {
  const { client, signInSecrets } = useServices();
  const signedIn = useSignedIn();
  // The link's token, from the address this once, or kept in this tab before signing in.
  const [token, setToken] = useState(
    () => tokenOfFragment(window.location.hash) ?? waitingInvitation(signInSecrets),
  );
  const [joining, setJoining] = useState(false);
  const [refusal, setRefusal] = useState<{ refused: boolean; message: string } | null>(null);
  // The household's name once joined: the page says so before the person goes on.
  const [joined, setJoined] = useState<string | null>(null);
  useEffect(() => titled([JOIN_TITLE, PRODUCT_NAME]), []);

  // Another link pasted into this tab's address bar changes only the fragment, and loads nothing:
  // it is taken as the first was, and the page starts again from it.
  useEffect(() => {
    const another = () => {
      const next = tokenOfFragment(window.location.hash);
      if (next === null) return;
      keepInvitation(signInSecrets, next);
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, "", `${pathname}${search}`);
      setToken(next);
      setRefusal(null);
      setJoined(null);
      setJoining(false);
    };
    window.addEventListener("hashchange", another);
    return () => {
      window.removeEventListener("hashchange", another);
    };
  }, [signInSecrets]);

  useEffect(() => {
    if (window.location.hash === "") return;
    if (token !== null) keepInvitation(signInSecrets, token);
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${search}`);
  }, [token, signInSecrets]);

  // What the link would join, asked once signed in with it: the page names the household and who
  // invited the person before they choose, and a link that cannot be used says so before Join.
  // Kept with the token it is for: another link pasted in shows nothing of the first.
  const [preview, setPreview] = useState<{ token: string; of: InvitationPreview } | null>(null);
  const invitation = preview !== null && preview.token === token ? preview.of : null;
  const asking = token !== null && signedIn && joined === null && refusal === null;
  useEffect(() => {
    if (!asking) return;
    let current = true;
    householdCalls(client)
      .preview(token)
      .then(
        (of) => {
          if (current) setPreview({ token, of });
        },
        (failure: unknown) => {
          // Anything but a refusal of the link leaves Join to ask, and to say why if it fails.
          if (current && refusesLink(failure, signInSecrets)) {
            setRefusal({ refused: true, message: messageOf(failure) });
          }
        },
      );
    return () => {
      current = false;
    };
  }, [asking, token, client, signInSecrets]);

  const leave = () => {
    forgetInvitation(signInSecrets);
    void navigate(signedIn ? DASHBOARD_PATH : SIGN_UP_PATH, { replace: true });
  };

  const join = () => {
    if (token === null) return;
    setJoining(true);
    setRefusal(null);
    householdCalls(client)
      .join(token)
      .then(
        (household) => {
          forgetInvitation(signInSecrets);
          setJoined(household.name);
          setJoining(false);
        },
        (failure: unknown) => {
          const refused = refusesLink(failure, signInSecrets);
          setRefusal({ refused, message: messageOf(failure) });
          setJoining(false);
        },
      );
  };

  const step = stepOf({ joined: joined !== null, token, refused: refusal?.refused, signedIn });
  const backLabel = signedIn ? "Back to dashboard" : "Back to sign-in";
  return (
    <SettingsPage
      title={JOIN_TITLE}
      headingRef={focusOnArrival}
      back={
        <a href={signedIn ? DASHBOARD_PATH : SIGN_UP_PATH} onClick={followInApp(leave)}>
          {backLabel}
        </a>
      }
    >
      <JoinHouseholdSection
        step={step}
        joining={joining}
        error={refusal?.message ?? null}
        joinedName={joined ?? undefined}
        invitation={invitation}
        onJoin={join}
        onOpenFamilyView={() => {
          rememberView("family");
          void navigate(DASHBOARD_PATH, { replace: true });
        }}
        onSignIn={() => {
          void navigate(SIGN_UP_PATH);
        }}
        onLeave={leave}
        backLabel={backLabel}
      />
    </SettingsPage>
  );
}
