// spec 1: the header: logo, view switcher, notification button, avatar letter and name.
import { type User, avatarLetter, displayName } from "@life-admin/domain";
import { Bell, ListChecks } from "lucide-react";
import { IconButton } from "../base/icon-button";
import { type ViewMode, ViewSwitcher } from "./view-switcher";
import styles from "./app-header.module.css";

export const PRODUCT_NAME = "Life Admin";

export interface AppHeaderProps {
  /** The signed-in user; without one the header shows "G" and "Guest" (spec 6). */
  user: Pick<User, "full_name"> | null | undefined;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  onNotificationsClick?: () => void;
}

export function AppHeader({ user, view, onViewChange, onNotificationsClick }: AppHeaderProps) {
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
          <div className={styles.profile}>
            <span className={styles.avatar} aria-hidden="true">
              {avatarLetter(user)}
            </span>
            <span className={styles.name}>{displayName(user)}</span>
          </div>
        </div>
      </div>
    </header>
  );
}
