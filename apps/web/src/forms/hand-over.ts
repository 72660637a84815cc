// One dialog giving way to the next (a reminder to its record, a document to its add form): the
// close and the opening are one transition, so the page commits them together and the history
// entry passes from one to the next (routes/use-dialog-history.ts). Apart, the close commits
// first, its entry is gone back from, and the next dialog's is pushed only once that move is
// done: a Back pressed in between met the dashboard's own entry and was lost.
import { startTransition } from "react";

export function handOver(close: () => void, open: () => void): void {
  startTransition(() => {
    close();
    open();
  });
}
