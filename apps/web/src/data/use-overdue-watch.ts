// decisions D6: a task row says "Overdue since {date}" from its due moment on a page left open,
// not only from the next midnight or reload (overdue-watch.ts, loaded after the page shows, so
// that the first download does not grow).
import type { Task } from "@life-admin/domain";
import { useEffect, useState } from "react";
import { useServices } from "../use-services";

/**
 * How many times a task has turned overdue under the page: a change to hand the memoised page,
 * whose rows read the clock when they render. `tasks`: the list shown (null while it loads); the
 * watch starts again when it or `timeZone` changes, not on every render.
 */
export function useOverdueWatch(
  timeZone: string | undefined,
  tasks: readonly Task[] | null,
): number {
  const { now } = useServices();
  const [turnedOverdue, setTurnedOverdue] = useState(0);
  useEffect(() => {
    if (tasks === null) return;
    const watching = import("./overdue-watch").then((module) =>
      module.watchOverdue({
        now,
        timeZone,
        tasks,
        onOverdue: () => {
          setTurnedOverdue((count) => count + 1);
        },
      }),
    );
    return () => {
      void watching.then((stop) => {
        stop();
      });
    };
  }, [now, timeZone, tasks]);
  return turnedOverdue;
}
