// Test-only: a Web Locks manager shared by "tabs" in one test (clients over one store), granting
// each lock request in turn, as navigator.locks does for one origin.
import type { RefreshLockManager } from "../session.js";

export interface FakeLocks extends RefreshLockManager {
  /** The names asked for, in order. */
  requested: string[];
}

export function fakeLocks(): FakeLocks {
  let tail: Promise<unknown> = Promise.resolve();
  const requested: string[] = [];
  return {
    requested,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requested.push(name);
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
