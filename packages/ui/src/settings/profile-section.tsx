// issue 22: Settings' "Profile": the name the header shows, the currency every amount is shown in
// (the browser region's until the person picks one), and the time zone of their "today" and
// mornings (the device's until they pick one here; then the device leaves it alone). Saved
// together with one button; what the person typed stays in the fields until it is saved, and
// after a refusal too.
import type { User } from "@life-admin/domain";
import { type SubmitEvent, useId, useMemo, useState } from "react";
import { Button } from "../base/button";
import { Select, TextInput } from "../base/controls";
import { ErrorBanner } from "../base/error-banner";
import { Field } from "../base/field";
import { cx } from "../base/cx";
// A settings section's frame and text, as the calendar feed's.
import section from "../calendar/calendar-feed.module.css";
import { SAVED_TEXT } from "./email-reminders-section";

export const PROFILE_HEADING = "Profile";
export const NAME_LABEL = "Name";
export const CURRENCY_LABEL = "Currency";
export const TIME_ZONE_LABEL = "Time zone";
export const SAVE_PROFILE_LABEL = "Save profile";

/** What the section asks to save: only the fields the person changed. */
export interface ProfileChange {
  full_name?: string;
  currency?: string;
  time_zone?: string;
  /** Sent with a time zone picked here: the device stops setting it. */
  time_zone_chosen?: true;
}

export interface ProfileSectionProps {
  user: Pick<User, "full_name" | "currency" | "currency_chosen" | "time_zone" | "time_zone_chosen">;
  locale?: string;
  onSave: (change: ProfileChange) => void;
  saving?: boolean;
  /** The last change was saved. */
  saved?: boolean;
  /** Why the last change was not saved. */
  error?: string | null;
  /** What is wrong with the name typed, if anything. */
  nameError?: string | null;
}

/** The options of a select: `values`, with `current` among them even if the runtime lacks it. */
function optionsOf(values: readonly string[], current: string, label: (value: string) => string) {
  const all = values.includes(current) ? values : [current, ...values];
  return all.map((value) => ({ value, label: label(value) }));
}

/** "EUR: Euro" in the person's language; the code alone where the runtime has no name. */
function currencyOptions(current: string, locale: string | undefined) {
  const names = new Intl.DisplayNames(locale, { type: "currency", fallback: "code" });
  return optionsOf(Intl.supportedValuesOf("currency"), current, (code) => {
    const name = names.of(code);
    return name === undefined || name === code ? code : `${code}: ${name}`;
  });
}

/** "America/New_York" reads "America/New York". */
function timeZoneOptions(current: string) {
  return optionsOf(Intl.supportedValuesOf("timeZone"), current, (zone) => zone.replace(/_/g, " "));
}

export function ProfileSection({
  user,
  locale,
  onSave,
  saving = false,
  saved = false,
  error,
  nameError,
}: ProfileSectionProps) {
  const headingId = useId();
  const [name, setName] = useState(user.full_name ?? "");
  const [currency, setCurrency] = useState(user.currency);
  const [timeZone, setTimeZone] = useState(user.time_zone);
  const currencies = useMemo(() => currencyOptions(user.currency, locale), [user.currency, locale]);
  const timeZones = useMemo(() => timeZoneOptions(user.time_zone), [user.time_zone]);

  const change: ProfileChange = {
    // The API keeps the name trimmed: spaces around it are no change.
    ...(name.trim() === (user.full_name ?? "") ? {} : { full_name: name }),
    ...(currency === user.currency ? {} : { currency }),
    ...(timeZone === user.time_zone ? {} : { time_zone: timeZone, time_zone_chosen: true }),
  };
  const changed = Object.keys(change).length > 0;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changed) onSave(change);
  };

  return (
    <section aria-labelledby={headingId} className={cx(section.section, section.stack)}>
      <h2 id={headingId} className={section.heading}>
        {PROFILE_HEADING}
      </h2>
      <form aria-labelledby={headingId} className={section.stack} noValidate onSubmit={submit}>
        <Field label={NAME_LABEL} hint="Shown at the top of your dashboard." error={nameError}>
          {(control) => (
            <TextInput
              {...control}
              value={name}
              autoComplete="name"
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
          )}
        </Field>
        <Field
          label={CURRENCY_LABEL}
          hint={
            user.currency_chosen
              ? "Every amount is shown in it."
              : "Every amount is shown in it; until you pick one, your browser's region's."
          }
        >
          {(control) => (
            <Select
              {...control}
              value={currency}
              options={currencies}
              onChange={(event) => {
                setCurrency(event.target.value);
              }}
            />
          )}
        </Field>
        <Field
          label={TIME_ZONE_LABEL}
          hint={
            user.time_zone_chosen
              ? "Your “today” and your reminder mornings follow it. You picked it."
              : "Your “today” and your reminder mornings follow it. This device set it; pick " +
                "one to keep it whatever device you use."
          }
        >
          {(control) => (
            <Select
              {...control}
              value={timeZone}
              options={timeZones}
              onChange={(event) => {
                setTimeZone(event.target.value);
              }}
            />
          )}
        </Field>
        <div className={section.actions}>
          <Button
            type="submit"
            variant="primary"
            busy={saving}
            busyText="Saving..."
            disabled={!changed}
          >
            {SAVE_PROFILE_LABEL}
          </Button>
        </div>
      </form>
      <ErrorBanner message={error ? `Your profile was not saved: ${error}` : null} />
      <p role="status" className={section.note}>
        {saved && !saving && !changed ? SAVED_TEXT : ""}
      </p>
    </section>
  );
}
