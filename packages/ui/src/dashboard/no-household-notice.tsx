// issue 23: Family view for a person in no household: what it would show, and where to start one.
// Not "yet": the person may have just left, or been removed from, one.
import { Button } from "../base/button";
import styles from "./no-household-notice.module.css";

export const NO_HOUSEHOLD_TEXT =
  "Family view shows what the people in your household share with it. You are not in a " +
  "household: create one, or join one with an invitation link, in Settings.";

export function NoHouseholdNotice({ onSettings }: { onSettings: () => void }) {
  return (
    <section className={styles.notice} aria-label="Family view">
      <p>{NO_HOUSEHOLD_TEXT}</p>
      <Button variant="secondary" onClick={onSettings}>
        Open Settings
      </Button>
    </section>
  );
}
