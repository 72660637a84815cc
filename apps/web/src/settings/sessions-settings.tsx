// issue 22: Settings' "Devices", as the app runs it: the signed-in devices from GET
// /users/me/sessions, one signed out (DELETE) or every other (POST .../sign-out-others), each
// then taken off the list. A failure says why and leaves the list as it was.
import { ApiError } from "@life-admin/api-client";
import { type Session, sessionCalls } from "@life-admin/api-client/sessions";
import { SessionsSection, type SessionsBusy, deviceLabel } from "@life-admin/ui";
import { useEffect, useState } from "react";
import { useServices } from "../use-services";
import { messageOf } from "./message-of";

/** "Signed out 2 other devices." */
export function signedOutText(count: number): string {
  if (count === 0) return "No other device was signed in.";
  return `Signed out ${String(count)} other ${count === 1 ? "device" : "devices"}.`;
}

export function SessionsSettings() {
  const { client, locale, timeZone } = useServices();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [busy, setBusy] = useState<SessionsBusy>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  // Bumped by "Try again": the list is asked for again.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    sessionCalls(client)
      .list()
      .then(
        (loaded) => {
          if (current) setSessions(loaded);
        },
        (failure: unknown) => {
          console.error(failure);
          if (current) setError(`Your devices could not be loaded: ${messageOf(failure)}`);
        },
      );
    return () => {
      current = false;
    };
  }, [client, attempt]);
  const retry = () => {
    setError(null);
    setAttempt((count) => count + 1);
  };

  const signOut = (session: Session) => {
    const name = deviceLabel(session);
    setBusy({ signingOut: session.id });
    setError(null);
    setStatus(null);
    const gone = () => {
      setSessions((list) => list?.filter((other) => other.id !== session.id) ?? null);
    };
    sessionCalls(client)
      .signOut(session.id)
      .then(
        () => {
          gone();
          setStatus(`Signed out ${name}.`);
        },
        (failure: unknown) => {
          // Already ended (signed out elsewhere, or idle): what the person wanted is done.
          if (failure instanceof ApiError && failure.status === 404) {
            gone();
            setStatus(`${name} was already signed out.`);
            return;
          }
          console.error(failure);
          setError(`${name} was not signed out: ${messageOf(failure)}`);
        },
      )
      .finally(() => {
        setBusy(null);
      });
  };

  const signOutOthers = () => {
    setBusy("others");
    setError(null);
    setStatus(null);
    sessionCalls(client)
      .signOutOthers()
      .then(
        (count) => {
          setSessions((list) => list?.filter((session) => session.current) ?? null);
          setStatus(signedOutText(count));
        },
        (failure: unknown) => {
          console.error(failure);
          setError(`The other devices were not signed out: ${messageOf(failure)}`);
        },
      )
      .finally(() => {
        setBusy(null);
      });
  };

  return (
    <SessionsSection
      sessions={sessions}
      locale={locale}
      timeZone={timeZone}
      onSignOut={signOut}
      onSignOutOthers={signOutOthers}
      busy={busy}
      error={error}
      onRetry={retry}
      status={status}
    />
  );
}
