import { CircleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { cx } from "./cx";
import styles from "./error-banner.module.css";

/**
 * An error announced as it appears (role="alert"); renders nothing without a message. A message
 * that appears, or changes, is brought into the view of whatever scrolls around it (the page, a
 * dialog, a list): a refused change whose message came at the top of a page scrolled down to its
 * row said nothing to a person who cannot hear the announcement. Focus stays where it was.
 */
export function ErrorBanner({
  message,
  className,
}: {
  message: string | null | undefined;
  className?: string;
}) {
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) banner.current?.scrollIntoView({ block: "nearest" });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={banner} role="alert" className={cx(styles.banner, className)}>
      <CircleAlert className={styles.icon} size={16} aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
