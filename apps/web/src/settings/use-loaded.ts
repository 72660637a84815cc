// What a Settings screen loads as it opens (the person, the calendar feed): null while it loads,
// an Error in the words the section shows when it failed, and a setter for what a save answers.
// Settings' own (the dashboard has useResource; shared, this would land in its first download).
import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import { messageOf } from "./message-of";

export type Loaded<T> = T | Error | null;

/** `load()`'s answer, asked for when the component mounts and again when `load` changes. */
export function useLoaded<T>(
  load: () => Promise<T>,
): [Loaded<T>, Dispatch<SetStateAction<Loaded<T>>>] {
  const [value, setValue] = useState<Loaded<T>>(null);
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
  }, [load]);
  return [value, setValue];
}
