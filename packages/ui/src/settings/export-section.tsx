// issue 22: Settings' "Your data": what the export holds, one button that downloads it, and what
// the section shows while the ZIP is being made and after a failure. The app fetches and saves it.
import { useId } from "react";
import { Button } from "../base/button";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
// A settings section's frame and text, as the calendar feed's.
import section from "../calendar/calendar-feed.module.css";

export const EXPORT_HEADING = "Your data";
export const EXPORT_LABEL = "Download all my data";
export const EXPORT_BUSY_TEXT = "Preparing your download...";

export interface ExportSectionProps {
  onExport: () => void;
  /** The ZIP is being made and downloaded. */
  busy?: boolean;
  /** Why the last download failed. */
  error?: string | null;
  /** What the last download did ("Saved life-admin-export-2026-11-27.zip."). */
  status?: string | null;
}

export function ExportSection({ onExport, busy = false, error, status }: ExportSectionProps) {
  const headingId = useId();
  const aboutId = useId();
  return (
    <section aria-labelledby={headingId} className={cx(section.section, section.stack)}>
      <h2 id={headingId} className={section.heading}>
        {EXPORT_HEADING}
      </h2>
      <p id={aboutId} className={section.text}>
        Everything you keep here, in one ZIP file: your tasks and subscriptions as spreadsheets
        (CSV), your calendar (.ics), the documents you uploaded, and all of it in data.json, which
        Life Admin can import again.
      </p>
      <div className={section.actions}>
        <Button
          variant="primary"
          busy={busy}
          busyText={EXPORT_BUSY_TEXT}
          aria-describedby={aboutId}
          onClick={onExport}
        >
          {EXPORT_LABEL}
        </Button>
      </div>
      <ErrorBanner message={error ? `Your data could not be downloaded: ${error}` : null} />
      <p role="status" className={section.note}>
        {!busy && status ? status : ""}
      </p>
    </section>
  );
}
