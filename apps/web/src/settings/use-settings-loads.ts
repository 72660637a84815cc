// What Settings loads as it opens: the person (GET /users/me, once for every section that shows
// or saves them; given this device's time zone as the dashboard does), the calendar feed, the
// household and the signed-in devices, asked for together, and then, for a household's owner,
// their links not used yet (use-owners-links.ts).
// The page shows its sections once each has answered or failed: a section that filled in later
// would push the ones below it down, under a pointer about to press one (a press that then lands
// between two buttons does nothing). "Try again" asks one again; the page stays open meanwhile.
import { calendarCalls } from "@life-admin/api-client/calendar";
import { householdCalls } from "@life-admin/api-client/households";
import { reminderCalls } from "@life-admin/api-client/reminders";
import { sessionCalls } from "@life-admin/api-client/sessions";
import { useCallback, useState } from "react";
import { zoneToAdopt } from "../reminders/device-zone";
import { useServices } from "../use-services";
import type { OwnHousehold } from "./own-household";
import { useLoaded } from "./use-loaded";
import { useOwnersLinks } from "./use-owners-links";

export function useSettingsLoads() {
  const { client, timeZone } = useServices();
  // The person as the API has them, with this device's time zone when they have picked none:
  // Settings may open before any dashboard has told the API where the device is, and its profile
  // says "This device set it".
  const user = useLoaded(
    useCallback(async () => {
      const me = await client.users.me();
      const zone = zoneToAdopt(me, timeZone);
      if (zone === null) return me;
      // A zone this server does not know, or a failure: the person as they were.
      return reminderCalls(client)
        .updateUser({ time_zone: zone })
        .catch((failure: unknown) => {
          console.error(failure);
          return me;
        });
    }, [client, timeZone]),
  );
  const feed = useLoaded(useCallback(() => calendarCalls(client).feed(), [client]));
  const household = useLoaded<OwnHousehold>(
    useCallback(
      () =>
        householdCalls(client)
          .mine()
          .then((mine) => ({ household: mine })),
      [client],
    ),
  );
  const sessions = useLoaded(useCallback(() => sessionCalls(client).list(), [client]));
  const links = useOwnersLinks(user[0], household[0]);

  // Open for good once all five have answered: a later "Try again" reloads one section only.
  const [opened, setOpened] = useState(false);
  const settled = [user, feed, household, sessions, links].every(([value]) => value !== null);
  if (settled && !opened) setOpened(true);
  return { user, feed, household, links, sessions, opened };
}
