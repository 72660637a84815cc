// What a Settings screen loads as it opens (use-settings-loads.ts): null while it loads,
// an Error in the words the section shows when it failed, a setter for what a save answers, and a
// way to ask again.
// Settings' own (the dashboard has useResource; shared, this would land in its first download).
import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from "react";
import { messageOf } from "./message-of";

export type Loaded<T> = T | Error | null;

/** useLoaded's answer: the value, its setter and "ask again". */
export type LoadedState<T> = [Loaded<T>, Dispatch<SetStateAction<Loaded<T>>>, () => void];

/** The value has come (not loading, not failed). */
export function isLoaded<T>(value: Loaded<T>): value is T {
  return value !== null && !(value instanceof Error);
}

/**
 * A change to the loaded value by what an answer says (a save, a sign-out), through useLoaded's
 * setter; nothing while it loads or after it failed to.
 */
export function changeLoaded<T>(set: Dispatch<SetStateAction<Loaded<T>>>) {
  return (change: (was: T) => T) => {
    set((was) => (isLoaded(was) ? change(was) : was));
  };
}

/**
 * `load()`'s answer, asked for when the component mounts, again when `load` changes, and again
 * (loading meanwhile) when `reload()` is called ("Try again").
 */
export function useLoaded<T>(load: () => Promise<T>): LoadedState<T> {
  const [value, setValue] = useState<Loaded<T>>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (loaded) => {
        if (current) setValue(loaded);
      },
      (failure: unknown) => {
        console.error(failure);
        if (current) setValue(new Error(messageOf(failure)));
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const reload = useCallback(() => {
    setValue(null);
    setAttempt((count) => count + 1);
  }, []);
  return [value, setValue, reload];
}
