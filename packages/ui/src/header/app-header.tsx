// spec 1: the header: logo, view switcher, notification button, avatar letter and name (the
// account menu's button, with "Settings" (issue 19) and "Sign out" (issue 17)). issue 20: the
// bell shows how many reminders are unread, in its name too for screen readers.
import { PRODUCT_NAME, type User } from "@life-admin/domain";
import { Bell, ListChecks } from "lucide-react";
import { IconButton } from "../base/icon-button";
import { AccountMenu } from "./account-menu";
import { type ViewMode, ViewSwitcher } from "./view-switcher";
import styles from "./app-header.module.css";

export { PRODUCT_NAME };

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread". */
export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

export interface AppHeaderProps {
  /** The signed-in user; without one the header shows "G" and "Guest" (spec 6). */
  user: Pick<User, "full_name"> | null | undefined;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  onNotificationsClick?: () => void;
  /** issue 20: the reminders not yet read; none, or not known yet, shows no count. */
  unreadCount?: number;
  /** "Sign out" in the account menu; without it the avatar and name are not a menu. */
  onSignOut?: () => void;
  /** "Settings" in the account menu (issue 19). */
  onSettings?: () => void;
  /** "Documents" in the account menu (issue 21). */
  onDocuments?: () => void;
}

export function AppHeader({
  user,
  view,
  onViewChange,
  onNotificationsClick,
  unreadCount = 0,
  onSignOut,
  onSettings,
  onDocuments,
}: AppHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            <ListChecks size={18} />
          </span>
          <span className={styles.brandName}>{PRODUCT_NAME}</span>
        </div>
        <ViewSwitcher className={styles.switcher} value={view} onChange={onViewChange} />
        <div className={styles.actions}>
          <IconButton
            className={styles.bell}
            label={notificationsLabel(unreadCount)}
            aria-haspopup="dialog"
            icon={
              <>
                <Bell size={18} />
                {unreadCount > 0 && (
                  <span className={styles.count}>{unreadCount > 99 ? "99+" : unreadCount}</span>
                )}
              </>
            }
            onClick={onNotificationsClick}
          />
          <AccountMenu
            user={user}
            onSignOut={onSignOut}
            onSettings={onSettings}
            onDocuments={onDocuments}
          />
        </div>
      </div>
    </header>
  );
}
