// issue 22: Settings' "Import from a Life Admin export": a ZIP chosen from the device goes back into
// the account. While it is sent and imported the section says so (with how much is sent); then
// what was added, or why the import was refused (nothing is changed then). The app sends it.
import { FileArchive } from "lucide-react";
import { useId } from "react";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
// A settings section's frame and text, as the calendar feed's.
import section from "../calendar/calendar-feed.module.css";
// The file input drawn as the Upload dialog's picker: the browser's own is as wide as it likes
// (347 px in Chromium), wider than a 320 px screen (WCAG 1.4.10).
import picker from "../modals/upload-modal.module.css";

export const IMPORT_HEADING = "Import from a Life Admin export";
export const IMPORT_LABEL = "Choose the export's ZIP file";
export const IMPORT_BUSY_TEXT = "Importing your data...";

export interface ImportSectionProps {
  /** The ZIP the person chose. */
  onImport: (zip: File) => void;
  /** Sent and being imported: the share sent so far, 0 to 1; null when idle. */
  progress?: number | null;
  /** Why the last import was refused. */
  error?: string | null;
  /** What the last import did, in words. */
  status?: string | null;
}

export function ImportSection({ onImport, progress = null, error, status }: ImportSectionProps) {
  const headingId = useId();
  const inputId = useId();
  const aboutId = useId();
  const busy = progress !== null;
  return (
    <section aria-labelledby={headingId} className={cx(section.section, section.stack)}>
      <h2 id={headingId} className={section.heading}>
        {IMPORT_HEADING}
      </h2>
      <p id={aboutId} className={section.text}>
        Bring back everything from the ZIP that &ldquo;Download all my data&rdquo; gave you: tasks,
        subscriptions, documents and settings. What you already have here stays, and nothing is
        added twice. Your name and email stay this account&apos;s.
      </p>
      <div className={picker.zone}>
        <input
          id={inputId}
          type="file"
          accept=".zip,application/zip"
          className={picker.input}
          aria-describedby={aboutId}
          disabled={busy}
          onChange={(event) => {
            const zip = event.currentTarget.files?.[0];
            // The same file may be chosen again (after a refusal, or to import it once more).
            event.currentTarget.value = "";
            if (zip !== undefined) onImport(zip);
          }}
        />
        <label htmlFor={inputId} className={picker.label}>
          <span className={picker.zoneIcon} aria-hidden="true">
            <FileArchive size={24} />
          </span>
          <span className={picker.prompt}>{IMPORT_LABEL}</span>
        </label>
      </div>
      {busy && (
        <progress value={progress} max={1} aria-label={IMPORT_BUSY_TEXT}>
          {Math.round(progress * 100)}%
        </progress>
      )}
      <ErrorBanner message={error ? `Nothing was imported: ${error}` : null} />
      <p role="status" className={section.note}>
        {busy ? IMPORT_BUSY_TEXT : (status ?? "")}
      </p>
    </section>
  );
}
