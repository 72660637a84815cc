// A settings section's content while it loads ("Loading your ..."), or, once loading failed (the
// section shows why in its banner), "Try again".
import { Button } from "../base/button";
import section from "../calendar/calendar-feed.module.css";

export interface SectionLoadingProps {
  /** "Loading your devices...". */
  text: string;
  /** Why loading failed; null or left out while it loads. */
  error?: string | null | undefined;
  onRetry?: (() => void) | undefined;
}

export function SectionLoading({ text, error, onRetry }: SectionLoadingProps) {
  return error && onRetry ? (
    <div className={section.actions}>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  ) : (
    <p role="status" className={section.note}>
      {error ? "" : text}
    </p>
  );
}
