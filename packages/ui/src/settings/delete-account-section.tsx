// issue 22: Settings' "Delete account", last on the page: what goes, a pointer to downloading the
// data first, and the account's email typed to enable the button (the domain's
// confirmsAccountEmail, the API's own rule). A refusal or failure shows why and keeps what was
// typed; the app deletes, and signs out once it is done.
import { confirmsAccountEmail } from "@life-admin/domain/account";
import { type SyntheticEvent, useId, useState } from "react";
import { Button } from "../base/button";
import { TextInput } from "../base/controls";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
import { Field } from "../base/field";
// A settings section's frame and text, as the calendar feed's.
import section from "../calendar/calendar-feed.module.css";
import { EXPORT_HEADING } from "./export-section";

export const DELETE_ACCOUNT_HEADING = "Delete account";
export const DELETE_ACCOUNT_LABEL = "Delete my account";
export const DELETE_ACCOUNT_BUSY_TEXT = "Deleting your account...";

/** The confirmation field's label: the email to type, in full. */
export function deleteConfirmationLabel(email: string): string {
  return `Type your email address, ${email}, to confirm`;
}

export interface DeleteAccountSectionProps {
  /** The account's email: what the person types to confirm. */
  email: string;
  /** Called with what the person typed, once it confirms. */
  onDelete: (confirm: string) => void;
  /** The account is being deleted. */
  busy?: boolean;
  /** Why the last try did not delete it. */
  error?: string | null;
}

export function DeleteAccountSection({
  email,
  onDelete,
  busy = false,
  error,
}: DeleteAccountSectionProps) {
  const headingId = useId();
  const aboutId = useId();
  const [typed, setTyped] = useState("");
  const confirmed = confirmsAccountEmail(typed, email);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmed && !busy) onDelete(typed);
  };

  return (
    <section aria-labelledby={headingId} className={cx(section.section, section.stack)}>
      <h2 id={headingId} className={section.heading}>
        {DELETE_ACCOUNT_HEADING}
      </h2>
      <p id={aboutId} className={section.text}>
        This deletes your account and everything in it, at once and for good: your tasks and their
        history, your subscriptions, the documents you uploaded, every device signed in, and your
        calendar feed, whose address stops working. It cannot be undone.
      </p>
      <p className={section.note}>
        To keep a copy, download your data first ({EXPORT_HEADING}, above): you can import it into a
        new account.
      </p>
      <form aria-labelledby={headingId} className={section.stack} noValidate onSubmit={submit}>
        <Field label={deleteConfirmationLabel(email)}>
          {(control) => (
            <TextInput
              {...control}
              type="email"
              value={typed}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
              onChange={(event) => {
                setTyped(event.target.value);
              }}
            />
          )}
        </Field>
        <div className={section.actions}>
          <Button
            type="submit"
            variant="danger"
            disabled={!confirmed}
            busy={busy}
            busyText={DELETE_ACCOUNT_BUSY_TEXT}
            aria-describedby={aboutId}
          >
            {DELETE_ACCOUNT_LABEL}
          </Button>
        </div>
      </form>
      <ErrorBanner message={error ? `Your account was not deleted: ${error}` : null} />
    </section>
  );
}
