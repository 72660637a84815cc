// A value loaded from the API: loading, then ready or failed, and reloadable. A reload keeps the
// value on screen until the new one arrives; a failed reload shows the failure (spec 8: "refresh
// failures after adding show the same"). A load that was under way when the value was changed on
// screen (a change the API may have made after it read) is dropped and made again, so it never
// puts back what the change replaced (issue 18).
import { useCallback, useEffect, useRef, useState } from "react";

export type Resource<T> =
  { status: "loading" } | { status: "ready"; data: T } | { status: "failed"; error: Error };

export interface ResourceHandle<T> {
  resource: Resource<T>;
  reload: () => void;
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

  useEffect(() => {
    let current = true;
    const changesBefore = changes.current;
    load().then(
      (data) => {
        if (!current) return;
        if (changes.current === changesBefore) setResource({ status: "ready", data });
        else setGeneration((value) => value + 1);
      },
      (reason: unknown) => {
        // spec 8: errors are logged to the console as well as shown.
        console.error(reason);
        if (current) setResource({ status: "failed", error: asError(reason) });
      },
    );
    return () => {
      current = false;
    };
  }, [load, generation]);

  const reload = useCallback(() => {
    setGeneration((value) => value + 1);
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    changes.current += 1;
    setResource((current) =>
      current.status === "ready" ? { status: "ready", data: change(current.data) } : current,
    );
  }, []);

  return { resource, reload, update };
}
