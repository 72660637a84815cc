// issue 20: the dashboard's reminders (the bell's count and list). The code that loads and marks
// them (reminders-sync.ts, with its API calls) comes after the dashboard shows, so that the first
// download does not grow; until it answers the bell shows no count.
import type { ViewMode } from "@life-admin/ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { useServices } from "../use-services";
import type { RemindersState, RemindersSync } from "./reminders-sync";

export interface Reminders extends RemindersState {
  markRead: (ids: readonly string[]) => void;
  markAllRead: () => void;
}

/**
 * The person's reminders, once `savedTimeZone` (their profile's) is known; listed again whenever
 * the tasks or the subscriptions change (what is due follows them). `timeZoneChosen`: the person
 * picked that zone in Settings, and this device does not replace it with its own. issue 23: those
 * of `view` (My View's, or the household's in Family view).
 */
export function useReminders(
  savedTimeZone: string | undefined,
  timeZoneChosen: boolean,
  tasks: unknown,
  subscriptions: unknown,
  view: ViewMode,
): Reminders {
  const { client, timeZone } = useServices();
  const [state, setState] = useState<RemindersState>({ notifications: null, error: null });
  const sync = useRef<RemindersSync | null>(null);

  useEffect(() => {
    if (savedTimeZone === undefined) return;
    let stopped = false;
    void import("./reminders-sync").then((module) => {
      if (stopped) return;
      sync.current = module.startRemindersSync({
        client,
        deviceTimeZone: timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
        savedTimeZone,
        timeZoneChosen,
        view,
        onChange: setState,
      });
    });
    return () => {
      stopped = true;
      sync.current?.stop();
      sync.current = null;
    };
  }, [client, timeZone, savedTimeZone, timeZoneChosen, view]);

  // Once the sync runs (it lists them itself when it starts: until then there is none here).
  useEffect(() => {
    sync.current?.refresh();
  }, [tasks, subscriptions]);

  const markRead = useCallback((ids: readonly string[]) => sync.current?.markRead(ids), []);
  const markAllRead = useCallback(() => sync.current?.markAllRead(), []);
  return { ...state, markRead, markAllRead };
}
