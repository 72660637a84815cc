// issue 20, 22: the person's saved time zone follows the device they use until they pick one in
// Settings (their choice is never overridden), so that the API's "today" and their reminder
// mornings follow where they are. Told by the dashboard's reminders (reminders-sync.ts) and by
// Settings as it opens (use-settings-loads.ts), which may be the first page a device shows.
import type { User } from "@life-admin/domain";

/**
 * The zone the API should take for the person: this device's (`deviceZone`; the runtime's when
 * undefined), when theirs differs and was not picked; null when it should keep what it has.
 */
export function zoneToAdopt(
  user: Pick<User, "time_zone" | "time_zone_chosen">,
  deviceZone: string | undefined,
): string | null {
  const zone = deviceZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return user.time_zone_chosen || user.time_zone === zone ? null : zone;
}
