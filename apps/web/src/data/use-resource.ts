// A value loaded from the API: loading, then ready or failed, and reloadable. A reload keeps the
// value on screen until the new one arrives; a failed reload shows the failure (spec 8: "refresh
// failures after adding show the same"). A load that was under way when the value was changed on
// screen (a change the API may have made after it read) is dropped and made again, so it never
// puts back what the change replaced (issue 18). A refresh (the person back in the tab) is a
// reload whose failure keeps the value shown: nobody asked for it, and an error page in its place
// would take an open form with it.
import { useCallback, useEffect, useRef, useState } from "react";

export type Resource<T> =
  { status: "loading" } | { status: "ready"; data: T } | { status: "failed"; error: Error };

export interface ResourceHandle<T> {
  resource: Resource<T>;
  reload: () => void;
  /** Loads again in the background: a failure is only logged, the value shown stays. */
  refresh: () => void;
  /** Changes the value on screen now (a record the API has just answered), if there is one. */
  update: (change: (data: T) => T) => void;
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/** Loads with `load` on mount and on every reload. `load` must be stable (useCallback). */
export function useResource<T>(load: () => Promise<T>): ResourceHandle<T> {
  const [resource, setResource] = useState<Resource<T>>({ status: "loading" });
  const [generation, setGeneration] = useState(0);
  // How many times `update` has changed the value: a load compares it before and after.
  const changes = useRef(0);
  // Whether the load under way is a refresh.
  const quiet = useRef(false);

  useEffect(() => {
    let current = true;
    const changesBefore = changes.current;
    const quietLoad = quiet.current;
    quiet.current = false;
    load().then(
      (data) => {
        if (!current) return;
        if (changes.current === changesBefore) setResource({ status: "ready", data });
        else {
          quiet.current = quietLoad;
          setGeneration((value) => value + 1);
        }
      },
      (reason: unknown) => {
        // spec 8: errors are logged to the console as well as shown.
        console.error(reason);
        if (!current) return;
        setResource((shown) =>
          quietLoad && shown.status === "ready"
            ? shown
            : { status: "failed", error: asError(reason) },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [load, generation]);

  const reload = useCallback(() => {
    quiet.current = false;
    setGeneration((value) => value + 1);
  }, []);

  const refresh = useCallback(() => {
    quiet.current = true;
    setGeneration((value) => value + 1);
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    changes.current += 1;
    setResource((current) =>
      current.status === "ready" ? { status: "ready", data: change(current.data) } : current,
    );
  }, []);

  return { resource, reload, refresh, update };
}
