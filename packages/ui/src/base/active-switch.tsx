// issue 18: a subscription's Active switch (spec 4's toggle): on while active, off while paused.
// Only All Subscriptions has it, so it loads with that modal.
import { type ToggleProps, keepFocus } from "./item-controls";
import styles from "./active-switch.module.css";

export const ACTIVE_LABEL = "Active";

/** A subscription's switch: on while active, off while paused. */
export function ActiveSwitch({
  active,
  onChange,
  describedBy,
}: ToggleProps & { active: boolean; onChange: (active: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      aria-describedby={describedBy}
      className={styles.switch}
      onClick={(event) => {
        keepFocus(event);
        onChange(!active);
      }}
    >
      <span className={styles.track} aria-hidden="true" />
      {ACTIVE_LABEL}
    </button>
  );
}
