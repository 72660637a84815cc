// issue 22: Settings' "Devices", as the app runs it: the signed-in devices (GET /users/me/sessions,
// loaded by the Settings page as it opens: use-settings-loads.ts), one signed out (DELETE) or
// every other (POST .../sign-out-others), each then taken off the list. A failure says why and
// leaves the list as it was.
import { ApiError } from "@life-admin/api-client";
import { type Session, sessionCalls } from "@life-admin/api-client/sessions";
import { SessionsSection, type SessionsBusy, deviceLabel } from "@life-admin/ui";
import { useState } from "react";
import { useServices } from "../use-services";
import { messageOf } from "./message-of";
import { type LoadedState, changeLoaded } from "./use-loaded";

/** "Signed out 2 other devices." */
export function signedOutText(count: number): string {
  if (count === 0) return "No other device was signed in.";
  return `Signed out ${String(count)} other ${count === 1 ? "device" : "devices"}.`;
}

export interface SessionsSettingsProps {
  /** The devices, loaded by the Settings page; a sign-out takes one off. */
  sessions: LoadedState<Session[]>;
}

export function SessionsSettings({ sessions: [loaded, setLoaded, reload] }: SessionsSettingsProps) {
  const { client, locale, timeZone } = useServices();
  const [busy, setBusy] = useState<SessionsBusy>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const sessions = loaded instanceof Error ? null : loaded;
  const setSessions = changeLoaded(setLoaded);
  const retry = () => {
    setError(null);
    reload();
  };

  const signOut = (session: Session) => {
    const name = deviceLabel(session);
    setBusy({ signingOut: session.id });
    setError(null);
    setStatus(null);
    const gone = () => {
      setSessions((list) => list.filter((other) => other.id !== session.id));
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
          setSessions((list) => list.filter((session) => session.current));
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
      error={
        error ??
        (loaded instanceof Error ? `Your devices could not be loaded: ${loaded.message}` : null)
      }
      onRetry={retry}
      status={status}
    />
  );
}
