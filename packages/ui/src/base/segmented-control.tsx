// A segmented control: a named group of toggle buttons of which one is pressed, the choice shown
// as a raised segment (spec 1's view switcher; All Tasks' To do and Done).
import type { ReactNode } from "react";
import { cx } from "./cx";
import styles from "./segmented-control.module.css";

export interface SegmentedOption<V extends string> {
  value: V;
  label: ReactNode;
}

export interface SegmentedControlProps<V extends string> {
  /** The group's accessible name. */
  label: string;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}

export function SegmentedControl<V extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: SegmentedControlProps<V>) {
  return (
    <div role="group" aria-label={label} className={cx(styles.control, className)}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.option}
          aria-pressed={option.value === value}
          onClick={() => {
            onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
