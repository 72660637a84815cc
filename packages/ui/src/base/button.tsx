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

/**
 * A button; `type` defaults to "button" so it never submits a form by accident. Disabled or busy,
 * it is aria-disabled and ignores presses rather than `disabled`: a browser drops focus to <body>
 * from a focused button that turns disabled (the one just pressed), out of an open dialog too.
 */
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
  onClick,
  ...rest
}: ButtonProps) {
  const inert = !!disabled || busy;
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
      aria-disabled={inert || undefined}
      aria-busy={busy || undefined}
      // preventDefault: a submit button submits nothing either.
      onClick={
        inert
          ? (event) => {
              event.preventDefault();
            }
          : onClick
      }
      {...rest}
    >
      {busy && busyText ? busyText : children}
    </button>
  );
}
