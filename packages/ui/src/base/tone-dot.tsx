import type { AgendaTone } from "@life-admin/domain";
import { toneLabel } from "./tone";
import { VisuallyHidden } from "./visually-hidden";
import styles from "./tone-dot.module.css";

/** An event's colour as a dot or a bar, with its meaning in words for screen readers. */
export function ToneMark({ tone, shape = "dot" }: { tone: AgendaTone; shape?: "dot" | "bar" }) {
  return (
    <>
      <span className={styles[shape]} data-tone={tone} aria-hidden="true" />
      <VisuallyHidden>{`${toneLabel(tone)}: `}</VisuallyHidden>
    </>
  );
}
