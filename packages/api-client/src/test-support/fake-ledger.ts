// Test-only: a refresh ledger shared by "tabs" in one test, as IndexedDB is by a browser's tabs:
// a write is seen by every read after it.
import type { RefreshLedger, RefreshRecord } from "../refresh-ledger.js";

export interface FakeLedger extends RefreshLedger {
  record: RefreshRecord | null;
}

export function fakeLedger(): FakeLedger {
  const ledger: FakeLedger = {
    record: null,
    read: () => Promise.resolve(ledger.record),
    write(record) {
      ledger.record = record;
      return Promise.resolve();
    },
    clear() {
      ledger.record = null;
      return Promise.resolve();
    },
  };
  return ledger;
}
