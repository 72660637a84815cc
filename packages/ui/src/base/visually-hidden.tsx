import type { ReactNode } from "react";
import styles from "./visually-hidden.module.css";

/** Text for screen readers only (announced, not shown). */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span id={id} className={styles.hidden}>
      {children}
    </span>
  );
}
