// issue 22: tasks.csv, subscriptions.csv and calendar.ics, made from the very pages data.json is
// written from, and held until their turn in the ZIP. So the person's records are read once for
// all four entries: read again for each of them, the records of 10,000 tasks took the export
// 1.0-1.3 s on PGlite, against 0.6 s now (BENCHMARKS.md, "Export"). What is held is text, about
// 400 bytes a task (4 MB for 10,000 tasks; 20 MB at MAX_TASKS_PER_USER's default of 50,000, as
// much as one file at MAX_UPLOAD_BYTES), never a file, and it is let go as each entry is written.
import { Readable } from "node:stream";
import type { ArchiveSubscription, ArchiveTask } from "@life-admin/domain/archive";
import {
  type FeedIcsParts,
  type FeedSubscription,
  type FeedTask,
  feedIcsParts,
} from "../calendar/feed-ics.js";
import { type CsvContext, type CsvParts, subscriptionsCsv, tasksCsv } from "./archive-csv.js";

/** A page of rows as read, and the same rows as the archive's records. */
export interface RecordPage<Row, ArchiveRecord> {
  rows: readonly Row[];
  records: readonly ArchiveRecord[];
}

export interface HeldTextsContext {
  csv: CsvContext;
  /** The API's host name, in the calendar's event UIDs (as in the feed). */
  host: string;
  /** The currency of calendar.ics's renewal costs. */
  calendarCurrency: string;
  /** The time zone whose wall clock calendar.ics's task times are: the person's. */
  calendarTimeZone: string;
}

type HeldEntry = "tasks" | "subscriptions" | "calendar";

export class HeldArchiveTexts {
  readonly #tasksCsv: CsvParts<ArchiveTask>;
  readonly #subscriptionsCsv: CsvParts<ArchiveSubscription>;
  readonly #calendar: FeedIcsParts;
  #held: Record<HeldEntry, string[]>;
  /** calendar.ics's subscriptions, after all of its tasks. */
  #calendarSubscriptions: string[] = [];
  #complete = false;

  constructor({ csv, host, calendarCurrency, calendarTimeZone }: HeldTextsContext) {
    this.#tasksCsv = tasksCsv(csv);
    this.#subscriptionsCsv = subscriptionsCsv(csv);
    this.#calendar = feedIcsParts(host, calendarCurrency, calendarTimeZone);
    this.#held = {
      tasks: [this.#tasksCsv.opening],
      subscriptions: [this.#subscriptionsCsv.opening],
      calendar: [this.#calendar.opening],
    };
  }

  readonly addTasks = ({ rows, records }: RecordPage<FeedTask, ArchiveTask>): void => {
    this.#held.tasks.push(this.#tasksCsv.rows(records));
    this.#held.calendar.push(this.#calendar.taskEvents(rows));
  };

  /** `rows`: as every read shows them today (their next renewal rolled forward: decisions D10). */
  readonly addSubscriptions = ({
    rows,
    records,
  }: RecordPage<FeedSubscription, ArchiveSubscription>): void => {
    this.#held.subscriptions.push(this.#subscriptionsCsv.rows(records));
    this.#calendarSubscriptions.push(this.#calendar.subscriptionEvents(rows));
  };

  /** Every page is in: the texts may be taken. */
  complete(): void {
    this.#held.calendar.push(...this.#calendarSubscriptions, this.#calendar.end);
    this.#calendarSubscriptions = [];
    this.#complete = true;
  }

  /** An entry's whole text as a stream, no longer held here. */
  take(entry: HeldEntry): Readable {
    if (!this.#complete) throw new Error(`${entry}'s text was taken before every page was in`);
    const pieces = this.#held[entry];
    this.#held[entry] = [];
    return Readable.from(pieces, { objectMode: false });
  }
}
