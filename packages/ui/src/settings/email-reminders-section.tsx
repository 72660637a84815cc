// issue 20: Settings' "Email reminders": the morning email, off until the person turns it on, the
// hour it comes at on their clock, the time zone that clock is, and why the latest one could not
// be sent. Without a mail server the section says email is off on this server, and offers nothing.
import { type User, formatDate, formatTime } from "@life-admin/domain";
import { useId } from "react";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
import { Checkbox } from "../base/checkbox";
import { Select } from "../base/controls";
// A settings section's frame and text, as the calendar feed's.
import section from "../calendar/calendar-feed.module.css";
import styles from "./email-reminders-section.module.css";

export const EMAIL_REMINDERS_HEADING = "Email reminders";
export const EMAIL_REMINDERS_LABEL = "Email me my reminders each morning";
export const REMINDER_HOUR_LABEL = "Send it at";
export const EMAIL_UNAVAILABLE_TEXT =
  "Email is off on this server: it has no mail server set up, so no reminder email can be sent. " +
  "Your reminders still show under the bell.";
export const SAVED_TEXT = "Saved.";

export type EmailSettings = Pick<User, "email_reminders" | "reminder_hour">;

export interface EmailRemindersSectionProps {
  user: Pick<
    User,
    | "email"
    | "time_zone"
    | "email_reminders"
    | "reminder_hour"
    | "email_available"
    | "email_last_error"
  > &
    /** issue 22: the person picked the zone in Settings (left out: the device set it). */
    Partial<Pick<User, "time_zone_chosen">>;
  locale?: string;
  /** A change to save (the app saves it and passes the user back). */
  onChange: (change: Partial<EmailSettings>) => void;
  saving?: boolean;
  /** The last change was saved. */
  saved?: boolean;
  /** Why the last change was not saved. */
  error?: string | null;
}

/** "8:00 AM" (en-US) or "08:00" (en-GB): an hour of the day as the locale writes it. */
function hourText(hour: number, locale?: string): string {
  return formatTime(Date.UTC(2026, 0, 1, hour), locale);
}

export function EmailRemindersSection({
  user,
  locale,
  onChange,
  saving = false,
  saved = false,
  error,
}: EmailRemindersSectionProps) {
  const headingId = useId();
  const hourId = useId();
  const zoneId = useId();
  const failure = user.email_last_error;
  return (
    <section aria-labelledby={headingId} className={cx(section.section, section.stack)}>
      <h2 id={headingId} className={section.heading}>
        {EMAIL_REMINDERS_HEADING}
      </h2>
      {!user.email_available ? (
        <p className={section.text}>{EMAIL_UNAVAILABLE_TEXT}</p>
      ) : (
        <>
          <p className={section.text}>
            One email in the morning with that day&apos;s reminders: renewals coming up and tasks
            due or overdue. Sent to {user.email}; every email has a link to stop them.
          </p>
          <Checkbox
            label={EMAIL_REMINDERS_LABEL}
            checked={user.email_reminders}
            disabled={saving}
            aria-describedby={zoneId}
            onChange={(event) => {
              onChange({ email_reminders: event.target.checked });
            }}
          />
          <div className={styles.hour}>
            <label htmlFor={hourId}>{REMINDER_HOUR_LABEL}</label>
            <Select
              id={hourId}
              className={styles.select}
              value={String(user.reminder_hour)}
              disabled={saving || !user.email_reminders}
              aria-describedby={zoneId}
              options={Array.from({ length: 24 }, (_, hour) => ({
                value: String(hour),
                label: hourText(hour, locale),
              }))}
              onChange={(event) => {
                onChange({ reminder_hour: Number(event.target.value) });
              }}
            />
          </div>
          <p id={zoneId} className={section.note}>
            Mornings and &ldquo;today&rdquo; follow your time zone, {user.time_zone}, which{" "}
            {user.time_zone_chosen ? "you picked" : "this device set"}.
          </p>
          {failure && (
            <ErrorBanner
              message={`Your reminder email for ${formatDate(failure.morning, locale, {
                dateStyle: "long",
              })} could not be sent: ${failure.message}. The next one will be tried tomorrow morning.`}
            />
          )}
        </>
      )}
      <ErrorBanner message={error ? `Your change was not saved: ${error}` : null} />
      <p role="status" className={section.note}>
        {saved && !saving ? SAVED_TEXT : ""}
      </p>
    </section>
  );
}
