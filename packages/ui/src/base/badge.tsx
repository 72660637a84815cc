import type { Priority } from "@life-admin/domain";
import type { ReactNode } from "react";
import { cx } from "./cx";
import { priorityTone } from "@life-admin/domain";
import type { Tone } from "./tone";
import styles from "./badge.module.css";
import "./tone.css";

export interface BadgeProps {
  tone?: Tone;
  /** A coloured dot before the text, for badges that carry a colour meaning. */
  dot?: boolean;
  className?: string;
  children: ReactNode;
}

export function Badge({ tone = "neutral", dot = false, className, children }: BadgeProps) {
  return (
    <span className={cx(styles.badge, className)} data-tone={tone}>
      {dot && <span className={styles.dot} aria-hidden="true" />}
      {children}
    </span>
  );
}

/** spec 2: "{priority} Priority", in the priority's colour. */
export function PriorityBadge({ priority, className }: { priority: Priority; className?: string }) {
  return (
    <Badge tone={priorityTone(priority)} dot className={className}>
      {priority} Priority
    </Badge>
  );
}
