// issue 22: Settings' "Profile", as the app runs it: the person from GET /users/me, loaded once by
// the Settings page (their currency answered as a code even before they pick one), and their
// name, currency and time zone saved together with PATCH /users/me. The fields keep what was
// typed while it saves and after a refusal; a name the API refuses shows at the field. (The API
// checks it: domain's UserUpdateSchema imported here would land in the dashboard's first
// download, issue 7's budget, since domain's code is shared from there.)
import { ApiError } from "@life-admin/api-client";
import { reminderCalls } from "@life-admin/api-client/reminders";
import type { User } from "@life-admin/domain";
import { ErrorBanner, type ProfileChange, ProfileSection, SectionLoading } from "@life-admin/ui";
import { useState } from "react";
import { useServices } from "../use-services";
import { messageOf } from "./message-of";
import type { Loaded } from "./use-loaded";

export const LOADING_PROFILE_TEXT = "Loading your profile...";

interface Saving {
  busy: boolean;
  done: boolean;
  error: string | null;
  nameError: string | null;
}

const IDLE: Saving = { busy: false, done: false, error: null, nameError: null };

/** What a 422 says about the name, if it is about the name. */
function nameErrorOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || !Array.isArray(failure.detail)) return null;
  return failure.detail.find((issue) => issue.loc[1] === "full_name")?.msg ?? null;
}

export interface ProfileSettingsProps {
  /** The person (GET /users/me, loaded once by the Settings page), or why they could not be. */
  user: Loaded<User>;
  /** The person as saved: the other sections show what changed (the time zone). */
  onSaved: (user: User) => void;
  /** Asks for the person again after a failure (the sections that show them follow). */
  onRetry: () => void;
}

export function ProfileSettings({ user, onSaved, onRetry }: ProfileSettingsProps) {
  const { client, locale } = useServices();
  const [saving, setSaving] = useState<Saving>(IDLE);

  if (user === null) return <p role="status">{LOADING_PROFILE_TEXT}</p>;
  if (user instanceof Error) {
    return (
      <>
        <ErrorBanner message={`Your profile could not be loaded: ${user.message}`} />
        <SectionLoading text={LOADING_PROFILE_TEXT} error={user.message} onRetry={onRetry} />
      </>
    );
  }

  const save = (change: ProfileChange) => {
    setSaving({ ...IDLE, busy: true });
    reminderCalls(client)
      .updateUser(change)
      .then(
        (saved) => {
          setSaving({ ...IDLE, done: true });
          onSaved(saved);
        },
        (failure: unknown) => {
          console.error(failure);
          setSaving({ ...IDLE, error: messageOf(failure), nameError: nameErrorOf(failure) });
        },
      );
  };

  return (
    <ProfileSection
      user={user}
      locale={locale}
      onSave={save}
      saving={saving.busy}
      saved={saving.done}
      error={saving.error}
      nameError={saving.nameError}
    />
  );
}
