// issue 20: Settings' "Email reminders", as the app runs it: the person's settings from GET
// /users/me (loaded once by the Settings page), each change shown at once and saved with PATCH
// /users/me, put back with the API's message when it is refused.
import { reminderCalls } from "@life-admin/api-client/reminders";
import type { User } from "@life-admin/domain";
import { EmailRemindersSection, ErrorBanner, type EmailSettings } from "@life-admin/ui";
import { useState } from "react";
import { messageOf } from "../settings/message-of";
import type { Loaded } from "../settings/use-loaded";
import { useServices } from "../use-services";

export const LOADING_EMAIL_SETTINGS_TEXT = "Loading your email settings...";

interface Saving {
  busy: boolean;
  done: boolean;
  error: string | null;
}

export interface EmailReminderSettingsProps {
  /** The person (GET /users/me, loaded once by the Settings page), or why they could not be. */
  user: Loaded<User>;
  /**
   * Fields of the person to show now, on whatever the page holds (another section may have saved
   * meanwhile): the change as it is made, or the email settings as they were when it is refused.
   */
  onEdit: (fields: Partial<EmailSettings>) => void;
  /** The person as saved. */
  onSaved: (user: User) => void;
}

export function EmailReminderSettings({ user, onEdit, onSaved }: EmailReminderSettingsProps) {
  const { client, locale } = useServices();
  const [saving, setSaving] = useState<Saving>({ busy: false, done: false, error: null });

  if (user === null) return <p role="status">{LOADING_EMAIL_SETTINGS_TEXT}</p>;
  if (user instanceof Error) {
    return <ErrorBanner message={`Your email settings could not be loaded: ${user.message}`} />;
  }

  const change = (next: Partial<EmailSettings>) => {
    const before: EmailSettings = {
      email_reminders: user.email_reminders,
      reminder_hour: user.reminder_hour,
    };
    onEdit(next);
    setSaving({ busy: true, done: false, error: null });
    reminderCalls(client)
      .updateUser(next)
      .then(
        (saved) => {
          onSaved(saved);
          setSaving({ busy: false, done: true, error: null });
        },
        (failure: unknown) => {
          console.error(failure);
          onEdit(before);
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
