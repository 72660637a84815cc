// issue 18: a subscription's Active switch (spec 4's toggle): on while active, off while paused.
// Only All Subscriptions has it, so it loads with that modal.
import { useId } from "react";
import { type ToggleProps, keepFocus, namedWithTitle } from "./item-controls";
import styles from "./active-switch.module.css";

export const ACTIVE_LABEL = "Active";

/** A subscription's switch: on while active, off while paused ("Active Netflix, switch, on"). */
export function ActiveSwitch({
  active,
  onChange,
  titleId,
}: ToggleProps & { active: boolean; onChange: (active: boolean) => void }) {
  const ownId = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      {...namedWithTitle(ownId, titleId)}
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
