// A labelled form field: the label, the control, an optional hint and the field's error,
// wired for assistive technology (the error is the control's description and marks it invalid).
// issue 21: a field filled from a document the assistant is unsure of carries a flag ("Check
// this"), part of the control's description too.
import { CircleAlert, ScanSearch } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cx } from "./cx";
import styles from "./field.module.css";

/** What a field hands its control: spread these onto the input, select or textarea. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown to the right of the label (for example the "{priority} Priority" badge). */
  aside?: ReactNode;
  hint?: ReactNode;
  /** The field's message; the control is marked invalid while there is one. */
  error?: string | null | undefined;
  /** A note asking the person to check a value filled in for them. */
  flag?: string | undefined;
  /** An id for the control; one is made up when omitted. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, aside, hint, error, flag, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const flagId = `${controlId}-flag`;
  const describedBy = [hint ? hintId : null, flag ? flagId : null, error ? errorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div className={cx(styles.field, className)} data-flagged={flag ? "" : undefined}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={controlId}>
          {label}
        </label>
        {aside}
      </div>
      {children({
        id: controlId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true as const } : {}),
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {flag && (
        <p id={flagId} className={styles.flag}>
          <ScanSearch size={14} aria-hidden="true" />
          {flag}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          <CircleAlert size={14} aria-hidden="true" />
          {error}
        </p>
      )}
    </div>
  );
}

/** Fields side by side on wide screens, stacked on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

/** Fields one under another with the form's spacing. */
export function FieldStack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}

/** A control with a button after it (the Cancelation link and its "Find" button). */
export function InputGroup({ children }: { children: ReactNode }) {
  return <div className={styles.group}>{children}</div>;
}
