// issue 19: the private calendar feed as a person takes it to a calendar app: its address to copy
// (with a "Copied" that says the copy worked), and the links that hand it to Apple Calendar or
// Outlook (the webcal address) and to Google Calendar (its add-by-address page). Shared by the
// dialog after "Save and add to calendar" and the settings page.
import type { CalendarFeed } from "@life-admin/domain";
import { useState } from "react";
import { Button } from "../base/button";
import { TextInput } from "../base/controls";
import { Field, InputGroup } from "../base/field";
import styles from "./feed-address.module.css";

export const FEED_ADDRESS_LABEL = "Your calendar address";
export const COPY_LABEL = "Copy";
export const COPIED_TEXT = "Copied";
export const COPY_FAILED_TEXT = "Could not copy. Select the address and copy it yourself.";
export const APPLE_OUTLOOK_LABEL = "Open in Apple Calendar / Outlook";
export const GOOGLE_LABEL = "Add to Google Calendar";
/** decisions D11: the address is the only secret; said plainly wherever it is shown. */
export const FEED_PRIVACY_TEXT =
  "Anyone with this address can see your tasks and renewals. Keep it to yourself.";

/** Google Calendar's page that subscribes to a calendar by its address. */
export function googleCalendarUrl(webcalUrl: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl)}`;
}

export interface FeedAddressProps {
  url: string;
  /** Puts the text on the clipboard; rejects when the browser refuses. */
  onCopy: (text: string) => Promise<void>;
  /** issue 23: another address to copy (a household's invitation link) names itself. */
  label?: string;
  copyLabel?: string;
}

/** The address in a read-only field, its Copy button, and what the copy did. */
export function FeedAddress({
  url,
  onCopy,
  label = FEED_ADDRESS_LABEL,
  copyLabel = COPY_LABEL,
}: FeedAddressProps) {
  // The address the last copy was of: a new address (rotated) is not "Copied" yet.
  const [copy, setCopy] = useState<{ url: string; copied: boolean } | null>(null);
  const copied = copy?.url === url ? copy.copied : undefined;
  return (
    <Field label={label}>
      {(control) => (
        <>
          <InputGroup>
            <TextInput
              {...control}
              readOnly
              value={url}
              className={styles.address}
              onFocus={(event) => {
                event.currentTarget.select();
              }}
            />
            <Button
              onClick={() => {
                onCopy(url).then(
                  () => {
                    setCopy({ url, copied: true });
                  },
                  () => {
                    setCopy({ url, copied: false });
                  },
                );
              }}
            >
              {copyLabel}
            </Button>
          </InputGroup>
          {/* In the document from the start, so that what it comes to say is announced. */}
          <p role="status" className={styles.outcome} data-failed={copied === false || undefined}>
            {copied === undefined ? "" : copied ? COPIED_TEXT : COPY_FAILED_TEXT}
          </p>
        </>
      )}
    </Field>
  );
}

/** The two ways into a calendar app; Google's page opens in a new tab. */
export function FeedLinks({ feed }: { feed: Pick<CalendarFeed, "webcal_url"> }) {
  return (
    <ul className={styles.links}>
      <li>
        <a className={styles.link} href={feed.webcal_url}>
          {APPLE_OUTLOOK_LABEL}
        </a>
      </li>
      <li>
        <a
          className={styles.link}
          href={googleCalendarUrl(feed.webcal_url)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {GOOGLE_LABEL}
          <span className={styles.newTab}> (opens in a new tab)</span>
        </a>
      </li>
    </ul>
  );
}
