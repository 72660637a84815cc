import { CircleAlert } from "lucide-react";
import { cx } from "./cx";
import styles from "./error-banner.module.css";

/** An error announced as it appears (role="alert"); renders nothing without a message. */
export function ErrorBanner({
  message,
  className,
}: {
  message: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <div role="alert" className={cx(styles.banner, className)}>
      <CircleAlert className={styles.icon} size={16} aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
