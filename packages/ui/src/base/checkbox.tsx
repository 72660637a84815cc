// A checkbox with its label beside it (the email reminders' switch, issue 20; a record's "Share
// with household", issue 23). Every prop reaches the input.
import type { ComponentPropsWithRef, ReactNode } from "react";
import styles from "./checkbox.module.css";

export function Checkbox({
  label,
  ...input
}: ComponentPropsWithRef<"input"> & { label: ReactNode }) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}
