// A dashboard card: a titled region with an optional count, an action in its footer, and the
// list rows the cards share.
import { type ReactNode, useId } from "react";
import { Button } from "./button";
import { cx } from "./cx";
import type { Tone } from "./tone";
import { VisuallyHidden } from "./visually-hidden";
import styles from "./card.module.css";
import "./tone.css";

export interface CardProps {
  title: string;
  icon?: ReactNode;
  iconTone?: Tone;
  /** A count shown beside the title (spec 2: the Priority Tasks badge). */
  count?: number;
  /**
   * What the count says to a screen reader ("2 high priority tasks"): heard after the heading, a
   * bare "2" says nothing of what is counted. Without it, the number alone.
   */
  countText?: (count: number) => string;
  /** Extra content at the right of the header (arrow buttons). */
  headerAside?: ReactNode;
  /** The footer action, usually a CardAction. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Card({
  title,
  icon,
  iconTone = "info",
  count,
  countText,
  headerAside,
  action,
  className,
  children,
}: CardProps) {
  const titleId = useId();
  return (
    // data-focus-home: where focus goes when a control of a row leaves the card (use-focus-kept).
    <section
      aria-labelledby={titleId}
      className={cx(styles.card, className)}
      tabIndex={-1}
      data-focus-home=""
    >
      <div className={styles.header}>
        {icon && (
          <span className={styles.icon} data-tone={iconTone} aria-hidden="true">
            {icon}
          </span>
        )}
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {count !== undefined && (
          <span className={styles.count} data-zero={count === 0 || undefined}>
            {countText ? (
              <>
                <span aria-hidden="true">{count}</span>
                <VisuallyHidden>{countText(count)}</VisuallyHidden>
              </>
            ) : (
              count
            )}
          </span>
        )}
        {headerAside && <div className={styles.headerAside}>{headerAside}</div>}
      </div>
      <div className={styles.body}>{children}</div>
      {action && <div className={styles.footer}>{action}</div>}
    </section>
  );
}

/**
 * A card's footer button. The spec writes the label with a trailing ">" ("Review Now >"); it is
 * drawn but not read out, so the button's name is the words alone.
 */
export function CardAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="small" onClick={onClick}>
      {label} <span aria-hidden="true">&gt;</span>
    </Button>
  );
}

export function EmptyText({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** The list the cards' rows live in. */
export function CardList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}

export interface CardRowProps {
  title: ReactNode;
  meta?: ReactNode;
  aside?: ReactNode;
  /** A leading marker (a coloured dot). */
  lead?: ReactNode;
}

export function CardRow({ title, meta, aside, lead }: CardRowProps) {
  return (
    <li className={styles.row}>
      {lead}
      <div className={styles.rowMain}>
        <span className={styles.rowTitle}>{title}</span>
        {meta && <span className={styles.rowMeta}>{meta}</span>}
      </div>
      {aside && <div className={styles.rowAside}>{aside}</div>}
    </li>
  );
}
