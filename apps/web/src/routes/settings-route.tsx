// issue 19: /settings, reached from the account menu: the calendar feed's address again, and a new
// one on request (ui's CalendarFeedSection). issue 20: the morning reminder email. The account
// issue (22) adds its sections here: the profile first; issue 23 the household after it. Loaded on
// demand (app-routes.tsx).
import {
  ErrorBanner,
  CalendarFeedSection,
  PRODUCT_NAME,
  SETTINGS_TITLE,
  SectionLoading,
  SettingsPage,
} from "@life-admin/ui";
import { calendarCalls } from "@life-admin/api-client/calendar";
import type { User } from "@life-admin/domain";
import { useEffect, useState } from "react";
import { copyText } from "../calendar/copy-text";
import { EmailReminderSettings } from "../reminders/email-reminder-settings";
import { DeleteAccountSettings } from "../settings/delete-account-settings";
import { ExportSettings } from "../settings/export-settings";
import { HouseholdSettings } from "../settings/household-settings";
import { ImportSettings } from "../settings/import-settings";
import { ProfileSettings } from "../settings/profile-settings";
import { SessionsSettings } from "../settings/sessions-settings";
import { DASHBOARD_PATH } from "../session/landing";
import { useServices } from "../use-services";
import { messageOf } from "../settings/message-of";
import { changeLoaded } from "../settings/use-loaded";
import { useSettingsLoads } from "../settings/use-settings-loads";
import { followInApp } from "./in-app-link";
import { focusOnArrival, titled } from "./page-arrival";

export const BACK_TO_DASHBOARD = "Back to dashboard";
export const LOADING_SETTINGS_TEXT = "Loading your settings...";
export const LOADING_FEED_TEXT = "Loading your calendar feed...";

interface Rotation {
  busy: boolean;
  /** The address shown is the new one. */
  done: boolean;
  error: string | null;
}

export interface SettingsRouteProps {
  /** "Back to dashboard" (app-routes.tsx routes: see dashboard-route.tsx on react-router). */
  onBack: () => void;
}

export function SettingsRoute({ onBack }: SettingsRouteProps) {
  const { client, locale, timeZone } = useServices();
  // A save's answer to the person is what every section shows next (a time zone picked in the
  // profile is the one the email section names).
  const loads = useSettingsLoads();
  const [user, setUser, reloadUser] = loads.user;
  const editUser = (fields: Partial<User>) => {
    changeLoaded(setUser)((was) => ({ ...was, ...fields }));
  };
  const [feed, setFeed, reloadFeed] = loads.feed;
  const [rotation, setRotation] = useState<Rotation>({ busy: false, done: false, error: null });
  useEffect(() => titled([SETTINGS_TITLE, PRODUCT_NAME]), []);

  const rotate = () => {
    setRotation({ busy: true, done: false, error: null });
    calendarCalls(client)
      .rotate()
      .then(
        (next) => {
          setFeed(next);
          setRotation({ busy: false, done: true, error: null });
        },
        (failure: unknown) => {
          console.error(failure);
          setRotation({ busy: false, done: false, error: messageOf(failure) });
        },
      );
  };

  return (
    <SettingsPage
      headingRef={focusOnArrival}
      back={
        <a href={DASHBOARD_PATH} onClick={followInApp(onBack)}>
          {BACK_TO_DASHBOARD}
        </a>
      }
    >
      {loads.opened ? (
        <>
          <ProfileSettings user={user} onSaved={setUser} onRetry={reloadUser} />
          <HouseholdSettings
            user={user}
            onReloadUser={reloadUser}
            household={loads.household}
            links={loads.links}
          />
          {feed === null && <p role="status">{LOADING_FEED_TEXT}</p>}
          {feed instanceof Error && (
            <>
              <ErrorBanner message={`Your calendar feed could not be loaded: ${feed.message}`} />
              <SectionLoading text={LOADING_FEED_TEXT} error={feed.message} onRetry={reloadFeed} />
            </>
          )}
          {feed !== null && !(feed instanceof Error) && (
            <CalendarFeedSection
              feed={feed}
              locale={locale}
              timeZone={timeZone}
              onCopy={copyText}
              onRotate={rotate}
              rotating={rotation.busy}
              rotated={rotation.done}
              error={rotation.error}
            />
          )}
          <EmailReminderSettings user={user} onEdit={editUser} onSaved={setUser} />
          <SessionsSettings sessions={loads.sessions} />
          <ExportSettings />
          <ImportSettings />
          <DeleteAccountSettings user={user} />
        </>
      ) : (
        <p role="status">{LOADING_SETTINGS_TEXT}</p>
      )}
    </SettingsPage>
  );
}

// issue 23: /join loads with Settings (app-routes.tsx), whose files it shares; so does the page of
// an address with no page.
export { JoinRoute } from "./join-route";
export { NotFoundRoute } from "./not-found-route";
