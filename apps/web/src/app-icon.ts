// The installed app's icon (the Badging API, where the browser has it: Chromium, Safari for an
// app on a home screen): the bell's unread count while signed in (reminders-sync.ts), none once
// signed out (session-store.ts), so that no count stays on a shared device.

/** The Badging API as a browser may have it: or not, whatever TypeScript's DOM types say. */
interface AppIcon {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** The icon shows `count`; with none, no badge. Refused where the page is no installed app. */
export function showOnAppIcon(count: number): void {
  const icon: AppIcon = navigator;
  const shown = count > 0 ? icon.setAppBadge?.(count) : icon.clearAppBadge?.();
  shown?.catch(() => undefined);
}
