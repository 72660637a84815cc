// spec 1: the "My View" / "Family view" switcher, a segmented control of two toggle buttons.
import { cx } from "../base/cx";
import styles from "./view-switcher.module.css";

export type ViewMode = "my" | "family";

export const VIEW_MODES: readonly { value: ViewMode; label: string }[] = [
  { value: "my", label: "My View" },
  { value: "family", label: "Family view" },
];

export interface ViewSwitcherProps {
  value: ViewMode;
  onChange: (value: ViewMode) => void;
  className?: string;
}

export function ViewSwitcher({ value, onChange, className }: ViewSwitcherProps) {
  return (
    <div role="group" aria-label="View" className={cx(styles.switcher, className)}>
      {VIEW_MODES.map((mode) => (
        <button
          key={mode.value}
          type="button"
          className={styles.option}
          aria-pressed={mode.value === value}
          onClick={() => {
            onChange(mode.value);
          }}
        >
          {mode.label}
        </button>
      ))}
    </div>
  );
}
