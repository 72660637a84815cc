// issue 20: the bell's reminders, kept in step with the API once the dashboard shows. Loaded then
// (use-reminders.ts), not in the first download. It first tells the API this device's time zone
// when the person's differs (the API's "today" and morning email follow it), unless the person
// picked their zone in Settings (issue 22: their choice is never overridden), then lists the
// reminders due now, again whenever asked (a task done, a subscription paused) and when the person
// comes back to the tab. A mark as read shows at once and is put back if the API refuses it.
// issue 23: in Family view, the reminders of what the household shares (each person's own marks).
// On a home screen, the installed app's icon carries the bell's count (the Badging API).
import type { LifeAdminClient } from "@life-admin/api-client";
import { type Notification, reminderCalls } from "@life-admin/api-client/reminders";
import { showOnAppIcon } from "../app-icon";
import { zoneToAdopt } from "./device-zone";

export interface RemindersState {
  /** The reminders due now, newest first; null until the first answer. */
  notifications: readonly Notification[] | null;
  /** Why the last load or mark failed; null once one succeeds. */
  error: string | null;
}

export interface RemindersSync {
  /** Lists the reminders again (what is due follows the records). */
  refresh: () => void;
  markRead: (ids: readonly string[]) => void;
  markAllRead: () => void;
  stop: () => void;
}

export interface RemindersSyncOptions {
  client: Pick<LifeAdminClient, "http">;
  /** This device's IANA time zone. */
  deviceTimeZone: string;
  /** The one the API has for the person. */
  savedTimeZone: string;
  /** The person picked `savedTimeZone` in Settings: the device leaves it alone. */
  timeZoneChosen: boolean;
  /** issue 23: the header's view ("my": My View, the default; "family": the household's). */
  view?: "my" | "family";
  onChange: (state: RemindersState) => void;
  /** The page whose coming back into view refreshes the list. Default: the document. */
  page?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
}

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

export function startRemindersSync({
  client,
  deviceTimeZone,
  savedTimeZone,
  timeZoneChosen,
  view: shown = "my",
  onChange,
  page = document,
}: RemindersSyncOptions): RemindersSync {
  const calls = reminderCalls(client);
  const view = { view: shown === "family" ? ("family" as const) : ("mine" as const) };
  let state: RemindersState = { notifications: null, error: null };
  let stopped = false;
  // Only the newest request's answer is shown: an older one may carry reminders since changed.
  let latest = 0;
  const set = (next: RemindersState) => {
    state = next;
    if (stopped) return;
    onChange(state);
    if (next.notifications !== null) {
      showOnAppIcon(next.notifications.filter((n) => !n.read).length);
    }
  };

  /** Lists them again; `error` stays shown with the new list (a refused mark's message). */
  const refresh = (error: string | null = null) => {
    const request = ++latest;
    calls.notifications(view).then(
      (notifications) => {
        if (request === latest) set({ notifications, error });
      },
      (failure: unknown) => {
        console.error(failure);
        if (request === latest) set({ ...state, error: messageOf(failure) });
      },
    );
  };

  const mark = (ids: readonly string[] | "all") => {
    if (state.notifications === null) return;
    const marked = (id: string) => ids === "all" || ids.includes(id);
    // Any answer in flight predates the mark: the list shown is the marked one.
    latest += 1;
    set({
      notifications: state.notifications.map((n) => (marked(n.id) ? { ...n, read: true } : n)),
      error: null,
    });
    calls.markRead(ids, view).catch((failure: unknown) => {
      console.error(failure);
      const error = `Not marked as read: ${messageOf(failure)}`;
      set({ ...state, error });
      // What the API holds, unread again.
      refresh(error);
    });
  };

  const onVisible = () => {
    if (page.visibilityState === "visible") refresh();
  };
  page.addEventListener("visibilitychange", onVisible);

  const zone = zoneToAdopt(
    { time_zone: savedTimeZone, time_zone_chosen: timeZoneChosen },
    deviceTimeZone,
  );
  const ready =
    zone === null
      ? Promise.resolve()
      : calls.updateUser({ time_zone: zone }).then(
          () => undefined,
          // A zone this server does not know, or a failure: the reminders come by the saved zone.
          (failure: unknown) => {
            console.error(failure);
          },
        );
  void ready.then(() => {
    if (!stopped) refresh();
  });

  return {
    refresh: () => {
      refresh();
    },
    markRead: (ids) => {
      mark(ids);
    },
    markAllRead: () => {
      mark("all");
    },
    stop: () => {
      stopped = true;
      page.removeEventListener("visibilitychange", onVisible);
      // The count stays: another window of the app may still show it. Signing out clears it
      // (session-store.ts).
    },
  };
}
