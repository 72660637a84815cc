// issue 18: a change to one record of a loaded list (marked done, edited, paused, deleted), shown
// at once and then as the API answered it. When the API refuses, the record goes back to what the
// API last said it was (put back in its place if it was deleted) and the refusal is thrown to the
// caller, which shows it. One record's changes go to the API one after another, in the order they
// were made, so a quick "Mark done" then "Mark not done" cannot arrive the other way round; what
// reads something those changes move (a task's history) can wait for them (`settled`). A refusal
// that says the record is gone (deleted in another tab) takes it off the list instead.

/** Changes the list on screen (a ResourceHandle's `update`). */
export type ListUpdate<T> = (change: (list: T[]) => T[]) => void;

/** `shown` on screen now (null: gone); `send` asks the API and answers the record (null: gone). */
export type RecordChange<T> = (
  record: T,
  shown: T | null,
  send: () => Promise<T | null>,
) => Promise<void>;

/** The changes, and a promise of when one record's changes made so far are answered. */
export interface RecordChanges<T> extends RecordChange<T> {
  /** Once every change of record `id` made until now is answered (or refused). */
  settled: (id: number) => Promise<void>;
}

interface Pending<T> {
  /** The record as the API last said it was. */
  confirmed: T | null;
  /** Changes of this record not yet answered. */
  count: number;
  /** The last of them, settled: the next one waits for it. */
  queue: Promise<unknown>;
}

export function recordChanges<T extends { id: number }>(
  update: ListUpdate<T>,
  /** Where a record goes in the list, as the API's list would place it (list-order.ts). */
  place: (list: readonly T[], record: T) => T[],
  /** What to say when `refusal` means the record is gone, else null. */
  gone: (refusal: unknown, record: T) => Error | null,
): RecordChanges<T> {
  const pendingById = new Map<number, Pending<T>>();
  const change: RecordChange<T> = async (record, shown, send) => {
    const { id } = record;
    const show = (next: T | null) => {
      update((list) => {
        const others = list.filter((other) => other.id !== id);
        return next ? place(others, next) : others;
      });
    };
    const pending = pendingById.get(id) ?? {
      confirmed: record,
      count: 0,
      queue: Promise.resolve(),
    };
    pendingById.set(id, pending);
    pending.count += 1;
    show(shown);
    const sent = pending.queue.then(send);
    pending.queue = sent.catch(() => undefined);
    try {
      pending.confirmed = await sent;
      // Only the last answer is shown: an earlier one would undo a later change on screen.
      if (pending.count === 1) show(pending.confirmed);
    } catch (refusal) {
      const goneError = gone(refusal, record);
      if (goneError !== null) pending.confirmed = null;
      show(pending.confirmed);
      throw goneError ?? refusal;
    } finally {
      pending.count -= 1;
      if (pending.count === 0) pendingById.delete(id);
    }
  };
  return Object.assign(change, {
    settled: async (id: number) => {
      await pendingById.get(id)?.queue;
    },
  });
}
