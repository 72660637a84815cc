// PGlite with each statement parsed and described once, as node-postgres's named statements are on
// PostgreSQL. PGlite's own query() parses, describes, binds and executes its text every time, in
// six calls into the database: the sign-in check every authenticated request makes spent 1.1 ms
// of the API's thread in them, 0.3 ms of it in the parse alone (issue 21's reading bench, session
// 16); prepared, it is one call of 0.5 ms.
//
// Here a statement is parsed under a name the first time its text is asked, with its parameters'
// types described, and each later ask only binds and executes it, in one call. The names are kept
// for the most recently used texts: a text drizzle writes with a list of N values ("in ($1, $2,
// ...)") is a text per N, so the oldest are closed (deallocated) as new ones come. What is not a
// plain query (a transaction's BEGIN, a savepoint, DDL, a file in `blob`) goes to PGlite's own
// query() as before.
import {
  type Results,
  type Transaction,
  PGlite,
  type QueryOptions,
  parse,
  protocol,
} from "@electric-sql/pglite";

const { serialize } = protocol;
const ParameterDescription = protocol.messages.ParameterDescriptionMessage;

/** How many statements stay prepared: every text the API and its job engine use, with room. */
export const PREPARED_STATEMENTS = 200;

/** What is prepared: queries and writes, whose plans PostgreSQL keeps valid across DDL. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

interface Statement {
  name: string;
  /** The parameters' type ids, as PostgreSQL described them: how each value is serialized. */
  paramTypes: number[];
}

function preparable(text: string, options: QueryOptions | undefined): boolean {
  return options?.blob === undefined && options?.paramTypes === undefined && PREPARABLE.test(text);
}

function joined(messages: readonly Uint8Array[]): Uint8Array {
  return Buffer.concat(messages);
}

/** The texts prepared under a name, the least recently used first, and the names to close. */
class Statements {
  readonly #byText = new Map<string, Statement>();
  /** How many stay prepared. */
  limit = PREPARED_STATEMENTS;
  #next = 0;

  get(text: string): Statement | undefined {
    const statement = this.#byText.get(text);
    if (statement !== undefined) {
      // The most recently used is last.
      this.#byText.delete(text);
      this.#byText.set(text, statement);
    }
    return statement;
  }

  newName(): string {
    this.#next += 1;
    return `la_${this.#next}`;
  }

  add(text: string, statement: Statement): void {
    this.#byText.set(text, statement);
  }

  /**
   * Room for one more: the least recently used given up, and the Close messages that deallocate
   * them, sent with the new statement's Parse.
   */
  makeRoom(): Uint8Array[] {
    const closes: Uint8Array[] = [];
    for (const [text, { name }] of this.#byText) {
      if (this.#byText.size < this.limit) break;
      this.#byText.delete(text);
      closes.push(serialize.close({ type: "S", name }));
    }
    return closes;
  }

  get size(): number {
    return this.#byText.size;
  }
}

export class PgliteWithStatements extends PGlite {
  readonly #statements = new Statements();

  /** How many texts are prepared now (tests). */
  get preparedCount(): number {
    return this.#statements.size;
  }

  /** How many texts stay prepared, the most recently used (tests lower it). */
  set preparedLimit(limit: number) {
    this.#statements.limit = limit;
  }

  override async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (!preparable(text, options)) return super.query<T>(text, params, options);
    await this._checkReady();
    // As PGlite's query(): after any transaction in progress, and alone.
    return this._runExclusiveTransaction(() =>
      this.runExclusive(() => this.#run<T>(text, params, options, false)),
    );
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => callback(this.#within(tx)));
  }

  /** `tx` with its queries prepared too; the rest is PGlite's own. */
  #within(tx: Transaction): Transaction {
    const run = <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (!preparable(text, options)) return tx.query<T>(text, params, options);
      if (tx.closed) throw new Error("Transaction is closed");
      // The transaction holds PGlite's transaction lock; a statement takes the query lock.
      return this.runExclusive(() => this.#run<T>(text, params, options, true));
    };
    return {
      query: run,
      sql: (strings, ...params: unknown[]) => tx.sql(strings, ...params),
      exec: (text, options) => tx.exec(text, options),
      rollback: () => tx.rollback(),
      listen: (channel, callback) => tx.listen(channel, callback),
      get closed() {
        return tx.closed;
      },
    };
  }

  async #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const statement = await this.#prepared(text, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.serializers[type];
      // As PGlite's own: a type without a serializer is sent as the value's text.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    const messages = await this.execProtocolStream(
      joined([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
    );
    // As PGlite's query(): the files are brought up to date after a statement outside a transaction.
    if (!inTransaction) await this.syncToFs();
    const [results] = parse.parseResults(messages, this.#parsersWith(options?.parsers), {
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    });
    if (results === undefined) throw new Error("PGlite answered a statement with no results");
    return results as Results<T>;
  }

  /**
   * The client's parsers with the query's own over them. PGlite's parseResults spreads both into a
   * new object for every query, and drizzle passes its own for every query: with the array types
   * PGlite adds, about 300 keys copied each time, a fifth of a simple query's time on the thread.
   * Here the query's few are laid over the client's, which stay underneath as the prototype.
   */
  #parsersWith(own: QueryOptions["parsers"]): PGlite["parsers"] {
    if (own === undefined) return this.parsers;
    return Object.assign(Object.create(this.parsers) as PGlite["parsers"], own);
  }

  /** The statement of `text`, parsed and described under a new name the first time. */
  async #prepared(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known !== undefined) return known;
    const name = this.#statements.newName();
    const messages = await this.execProtocolStream(
      joined([
        ...this.#statements.makeRoom(),
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
    );
    const description = messages.find(
      (message): message is InstanceType<typeof ParameterDescription> =>
        message instanceof ParameterDescription,
    );
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    this.#statements.add(text, statement);
    return statement;
  }
}
