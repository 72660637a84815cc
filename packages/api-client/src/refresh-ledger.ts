// decisions D3: the tabs of one browser must never refresh with the same token, or the API ends
// the sign-in. The Web Lock makes them refresh one at a time, but localStorage cannot tell the
// next tab in line that a refresh has happened: browsers copy a tab's writes to the other tabs'
// localStorage asynchronously, not in step with the lock (in Chromium, about half the time the
// next holder of the lock still reads the old token). So the tab that refreshes also writes down
// what it did here, in IndexedDB, whose reads after another tab's committed write see that write.
import { TokenSetSchema, type TokenSet } from "@life-admin/domain";

/** The last refresh made in this browser: the refresh token it used up, and what it got. */
export interface RefreshRecord {
  from: string;
  tokens: TokenSet;
}

export interface RefreshLedger {
  read(): Promise<RefreshRecord | null>;
  /** Resolves once the record is durable: other tabs' reads from then on see it. */
  write(record: RefreshRecord): Promise<void>;
  /** Forgets the record (the session has ended: no token outlives it here). */
  clear(): Promise<void>;
}

/**
 * IndexedDB's factory (`indexedDB`) where the typings have one (the DOM's); `never` in a Node
 * project's typings, whose declarations then still check (Node has no IndexedDB).
 */
export type IndexedDbFactory = typeof globalThis extends { indexedDB: infer Factory }
  ? Factory
  : never;

const DATABASE = "life-admin-session";
const STORE = "refresh";
const KEY = "last";

function opened(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error("IndexedDB: cannot open"));
    };
    request.onblocked = () => {
      reject(new Error("IndexedDB: blocked"));
    };
  });
}

function readRecord(value: unknown): RefreshRecord | null {
  if (typeof value !== "object" || value === null) return null;
  const { from, tokens } = value as { from?: unknown; tokens?: unknown };
  const parsed = TokenSetSchema.safeParse(tokens);
  return typeof from === "string" && parsed.success ? { from, tokens: parsed.data } : null;
}

/** The ledger in the browser's IndexedDB (one small record, replaced by each refresh). */
export function indexedDbRefreshLedger(factory: IndexedDbFactory): RefreshLedger {
  return {
    async read() {
      const db = await opened(factory);
      try {
        const value = await new Promise<unknown>((resolve, reject) => {
          const request = db.transaction(STORE, "readonly").objectStore(STORE).get(KEY);
          request.onsuccess = () => {
            resolve(request.result);
          };
          request.onerror = () => {
            reject(request.error ?? new Error("IndexedDB: cannot read"));
          };
        });
        return readRecord(value);
      } finally {
        db.close();
      }
    },
    write: (record) => change(factory, (store) => store.put(record, KEY)),
    clear: () => change(factory, (store) => store.delete(KEY)),
  };
}

/** One read-write transaction, resolved once it has committed. */
async function change(factory: IDBFactory, apply: (store: IDBObjectStore) => void): Promise<void> {
  const db = await opened(factory);
  try {
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction(STORE, "readwrite");
      apply(transaction.objectStore(STORE));
      transaction.oncomplete = () => {
        resolve();
      };
      transaction.onerror = transaction.onabort = () => {
        reject(transaction.error ?? new Error("IndexedDB: cannot write"));
      };
    });
  } finally {
    db.close();
  }
}

/** The runtime's IndexedDB ledger, where there is one (browsers; Node has none). */
export function runtimeRefreshLedger(): RefreshLedger | null {
  try {
    const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    return factory ? indexedDbRefreshLedger(factory) : null;
  } catch {
    // Some privacy modes throw on mere access.
    return null;
  }
}
