// issue 22: the time zone whose date is the person's "today" on the dashboard, as Settings says
// ("Your 'today' and your reminder mornings follow it"): the zone they picked there, or else this
// device's (which the app also tells the API: reminders/reminders-sync.ts), as the bell does.
import type { User } from "@life-admin/domain";

/** The person's chosen zone, else `deviceZone` (undefined: the runtime's own). */
export function todayZone(
  user: Pick<User, "time_zone" | "time_zone_chosen">,
  deviceZone: string | undefined,
): string | undefined {
  return user.time_zone_chosen ? user.time_zone : deviceZone;
}
