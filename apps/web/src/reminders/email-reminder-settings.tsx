// issue 20: Settings' "Email reminders", as the app runs it: the person's settings from GET
// /users/me, each change shown at once and saved with PATCH /users/me, put back with the API's
// message when it is refused.
import { reminderCalls } from "@life-admin/api-client/reminders";
import type { User } from "@life-admin/domain";
import { EmailRemindersSection, ErrorBanner, type EmailSettings } from "@life-admin/ui";
import { useEffect, useState } from "react";
import { messageOf } from "../settings/message-of";
import { useServices } from "../use-services";

export const LOADING_EMAIL_SETTINGS_TEXT = "Loading your email settings...";

interface Saving {
  busy: boolean;
  done: boolean;
  error: string | null;
}

export function EmailReminderSettings() {
  const { client, locale } = useServices();
  const [user, setUser] = useState<User | Error | null>(null);
  const [saving, setSaving] = useState<Saving>({ busy: false, done: false, error: null });
  useEffect(() => {
    let current = true;
    client.users.me().then(
      (loaded) => {
        if (current) setUser(loaded);
      },
      (failure: unknown) => {
        console.error(failure);
        if (current) setUser(new Error(messageOf(failure)));
      },
    );
    return () => {
      current = false;
    };
  }, [client]);

  if (user === null) return <p role="status">{LOADING_EMAIL_SETTINGS_TEXT}</p>;
  if (user instanceof Error) {
    return <ErrorBanner message={`Your email settings could not be loaded: ${user.message}`} />;
  }

  const change = (next: Partial<EmailSettings>) => {
    const before = user;
    setUser({ ...user, ...next });
    setSaving({ busy: true, done: false, error: null });
    reminderCalls(client)
      .updateUser(next)
      .then(
        (saved) => {
          setUser(saved);
          setSaving({ busy: false, done: true, error: null });
        },
        (failure: unknown) => {
          console.error(failure);
          setUser(before);
          setSaving({ busy: false, done: false, error: messageOf(failure) });
        },
      );
  };

  return (
    <EmailRemindersSection
      user={user}
      locale={locale}
      onChange={change}
      saving={saving.busy}
      saved={saving.done}
      error={saving.error}
    />
  );
}
