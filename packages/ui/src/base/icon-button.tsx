import type { ComponentPropsWithRef, ReactNode } from "react";
import { cx } from "./cx";
import styles from "./icon-button.module.css";

export interface IconButtonProps extends Omit<ComponentPropsWithRef<"button">, "children"> {
  /** The accessible name; the icon itself is hidden from assistive technology. */
  label: string;
  icon: ReactNode;
}

/** A round button showing only an icon, named by `label`. */
export function IconButton({ label, icon, className, type = "button", ...rest }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} className={cx(styles.button, className)} {...rest}>
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}
