// issue 17: the header's avatar and name open the account menu, whose one item is "Sign out".
// The WAI-ARIA menu button pattern: a button with aria-haspopup and aria-expanded; Enter, Space,
// ArrowDown or ArrowUp open the menu with focus on its item (with one item, the keys that move
// between items have nowhere to go); Escape closes it and gives focus back to the button; focus
// leaving it (Tab, a press elsewhere) closes it. It is in the dashboard's first download (issue
// 7's bytes budget): hence one small component, with no listeners of its own on the document.
import { type User, avatarLetter, displayName } from "@life-admin/domain";
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import styles from "./account-menu.module.css";

export interface AccountMenuProps {
  user: Pick<User, "full_name"> | null | undefined;
  /** Without it (nothing to sign out of) the avatar and name are shown, not a menu. */
  onSignOut?: () => void;
}

export function AccountMenu({ user, onSignOut }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) item.current?.focus();
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
    if (event.key === "Escape") {
      setOpen(false);
      button.current?.focus();
    } else if (event.key.startsWith("Arrow")) {
      // Open, or stay on the one item; never scroll the page behind.
      event.preventDefault();
      setOpen(true);
    }
  };

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
          role="menu"
          tabIndex={-1}
          aria-label="Account"
          className={styles.menu}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        >
          <button
            ref={item}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
