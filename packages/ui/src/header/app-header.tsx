// spec 1: the header: logo, view switcher, notification button, avatar letter and name (the
// account menu's button, with "Settings" (issue 19) and "Sign out" (issue 17)).
import { PRODUCT_NAME, type User } from "@life-admin/domain";
import { Bell, ListChecks } from "lucide-react";
import { IconButton } from "../base/icon-button";
import { AccountMenu } from "./account-menu";
import { type ViewMode, ViewSwitcher } from "./view-switcher";
import styles from "./app-header.module.css";

export { PRODUCT_NAME };

export interface AppHeaderProps {
  /** The signed-in user; without one the header shows "G" and "Guest" (spec 6). */
  user: Pick<User, "full_name"> | null | undefined;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  onNotificationsClick?: () => void;
  /** "Sign out" in the account menu; without it the avatar and name are not a menu. */
  onSignOut?: () => void;
  /** "Settings" in the account menu (issue 19). */
  onSettings?: () => void;
}

export function AppHeader({
  user,
  view,
  onViewChange,
  onNotificationsClick,
  onSignOut,
  onSettings,
}: AppHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            <ListChecks size={18} />
          </span>
          <span>{PRODUCT_NAME}</span>
        </div>
        <ViewSwitcher className={styles.switcher} value={view} onChange={onViewChange} />
        <div className={styles.actions}>
          <IconButton
            className={styles.bell}
            label="Notifications"
            icon={<Bell size={18} />}
            onClick={onNotificationsClick}
          />
          <AccountMenu user={user} onSignOut={onSignOut} onSettings={onSettings} />
        </div>
      </div>
    </header>
  );
}
