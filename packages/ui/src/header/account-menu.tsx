// issue 17: the header's avatar and name open the account menu: "Documents" (issue 21), "Settings"
// (issue 19) and "Sign out". The WAI-ARIA menu button pattern: a button with aria-haspopup and
// aria-expanded; Enter, Space, ArrowDown or ArrowUp open the menu with focus on its first item,
// those two arrows then move between the items (round at the ends; the menu is vertical, so
// ArrowLeft and ArrowRight do nothing), Home and End to the first and the last; Escape closes it
// and gives focus back to the button, as choosing an item does; focus leaving it (Tab, a press
// elsewhere) closes it. It is in the dashboard's first download (issue 7's bytes budget): hence
// one small component, with no listeners of its own on the document.
import { type User, avatarLetter, displayName } from "@life-admin/domain";
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import styles from "./account-menu.module.css";

/** The index of the item Home and End move to (Array.at: -1 is the last). */
const MENU_EDGES: Partial<Record<string, number>> = { Home: 0, End: -1 };

export interface AccountMenuProps {
  user: Pick<User, "full_name"> | null | undefined;
  /** Without it (nothing to sign out of) the avatar and name are shown, not a menu. */
  onSignOut?: () => void;
  /** The menu's "Settings" (issue 19), when given. */
  onSettings?: () => void;
  /** The menu's "Documents" (issue 21), when given. */
  onDocuments?: () => void;
}

export function AccountMenu({ user, onSignOut, onSettings, onDocuments }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) (menu.current?.firstElementChild as HTMLElement | null)?.focus();
  }, [open]);

  // spec 1: the avatar letter and the name ("G" and "Guest" without a user).
  const profile = (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {avatarLetter(user)}
      </span>
      <span className={styles.name}>{displayName(user)}</span>
    </>
  );
  if (onSignOut === undefined) return <div className={styles.account}>{profile}</div>;

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.children ?? [])] as HTMLElement[];
    const at = items.indexOf(document.activeElement as HTMLElement);
    // Home and End, in the menu only: its first and its last item.
    const edge = at < 0 ? undefined : MENU_EDGES[event.key];
    if (event.key === "Escape") {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp" || edge !== undefined) {
      // Open, or move to the next item (the previous one with ArrowUp, the first or last with Home
      // or End); never scroll the page.
      event.preventDefault();
      setOpen(true);
      if (at >= 0)
        items.at(edge ?? (at + (event.key === "ArrowUp" ? -1 : 1)) % items.length)?.focus();
    }
  };

  const item = (label: string, action: () => void) => (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={styles.item}
      onClick={() => {
        setOpen(false);
        // Before the action: the item is leaving, and a dialog it opens gives focus back to what
        // had it (use-focus-return.ts), which must be this menu's button.
        button.current?.focus();
        action();
      }}
    >
      {label}
    </button>
  );

  // Focus leaving the button and its menu (their parent) for anywhere else closes the menu.
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    <div className={styles.account}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        // Enter and Space arrive as a click.
        onClick={() => {
          setOpen(!open);
        }}
      >
        {profile}
      </button>
      {open && (
        <div
          ref={menu}
          role="menu"
          tabIndex={-1}
          aria-label="Account"
          className={styles.menu}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        >
          {onDocuments && item("Documents", onDocuments)}
          {onSettings && item("Settings", onSettings)}
          {item("Sign out", onSignOut)}
        </div>
      )}
    </div>
  );
}
