// decisions D6: the person's today on a page that may stay open for days: their date in their
// time zone, read at render, and a call when it changes (day-watch.ts, loaded after the page
// shows, so that the first download does not grow).
import { calendarDateIn, type IsoDate } from "@life-admin/domain";
import { useEffect } from "react";
import { useServices } from "../use-services";

/**
 * The person's date in `timeZone` (the runtime's own when undefined). When it changes under the
 * page, `onNewDay` (stable) is called, which must render the page again: the dashboard's reads
 * the lists again (the API has rolled the renewals of the day that ended), which sets their state.
 */
export function useToday(timeZone: string | undefined, onNewDay: () => void): IsoDate {
  const { now } = useServices();
  useEffect(() => {
    // The day this page has just rendered; another zone starts the watch again.
    const today = calendarDateIn(now(), timeZone);
    const watching = import("./day-watch").then((module) =>
      module.watchDay({ now, timeZone, today, onNewDay }),
    );
    return () => {
      void watching.then((stop) => {
        stop();
      });
    };
  }, [now, timeZone, onNewDay]);
  return calendarDateIn(now(), timeZone);
}
