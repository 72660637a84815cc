import type { ComponentPropsWithRef } from "react";
import { cx } from "./cx";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: "medium" | "small";
  /** Stretch to the width of the container. */
  block?: boolean;
  /** While busy the button is disabled and shows `busyText` (spec 2: "Adding...", "Uploading..."). */
  busy?: boolean;
  busyText?: string;
}

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = "secondary",
  size = "medium",
  block = false,
  busy = false,
  busyText,
  disabled,
  type = "button",
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        styles.button,
        styles[variant],
        size === "small" && styles.small,
        block && styles.block,
        className,
      )}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && busyText ? busyText : children}
    </button>
  );
}
