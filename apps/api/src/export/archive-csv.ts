// issue 22: tasks.csv and subscriptions.csv, for a spreadsheet: RFC 4180 (csv-stringify: CRLF
// between records, a field quoted when it holds a comma, a quote or a line break, a quote doubled),
// UTF-8 with a header row of plain words, one row per record, written from the same records as
// data.json.
//
// - A byte-order mark opens each file: without it Excel reads UTF-8 as the machine's legacy code
//   page, and "Café" shows as "CafÃ©". Other readers (csv-parse's `bom`, LibreOffice, Numbers,
//   Google Sheets) skip it.
// - A task's due time is a time on the person's clock, whatever their zone (decisions D6: the
//   API's `...Z` form is the date and time typed, not an instant), so its cell says it as they
//   read it: "2027-03-07 09:30", or the day alone for a task without a time of day. With the `Z`, a
//   spreadsheet or script would move it by the zone's offset. Created and completed are instants
//   and keep their `Z`.
// - Formula injection (OWASP "CSV Injection"): a text cell the person typed that starts with
//   = + - @, a tab or a carriage return would be run as a formula by a spreadsheet, so it gets a
//   leading apostrophe, which spreadsheets show as text and do not display. Our own values (dates,
//   numbers, yes/no, uids) never start so and are written as they are.
import type { ArchiveSubscription, ArchiveTask } from "@life-admin/domain/archive";
import { instantOf, isAllDay } from "@life-admin/domain";
import { stringify } from "csv-stringify/sync";

/** What a spreadsheet would read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text the person typed, as a cell a spreadsheet shows as text and never runs. */
export function spreadsheetText(text: string | null): string {
  if (text === null) return "";
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A task's due date and time as the person reads it: "2027-03-07 09:30", or "2027-03-07". */
export function dueCell(dueDate: string): string {
  const day = dueDate.slice(0, 10);
  return isAllDay(instantOf(dueDate)) ? day : `${day} ${dueDate.slice(11, 16)}`;
}

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** A CSV's columns: its header, and each record's cell. */
interface Column<Row> {
  header: string;
  cell(row: Row): string;
}

/** What a row shows beside its record: where its file is in the ZIP, and the amounts' currency. */
export interface CsvContext {
  /** A file's `path` in the archive (files/<uid>/<name>), by its uid. */
  filePaths: ReadonlyMap<string, string>;
  /** The person's ISO 4217 currency, or null while they have not chosen one. */
  currency: string | null;
}

const filePath = (uid: string | null, context: CsvContext) =>
  uid === null ? "" : (context.filePaths.get(uid) ?? "");

/** How many of a task's completions were skips. */
const skipsOf = (task: ArchiveTask) =>
  task.completions.filter((completion) => completion.skipped).length;

function taskColumns(context: CsvContext): Column<ArchiveTask>[] {
  return [
    { header: "Title", cell: (task) => spreadsheetText(task.title) },
    { header: "Notes", cell: (task) => spreadsheetText(task.notes) },
    { header: "Category", cell: (task) => spreadsheetText(task.category) },
    { header: "Due", cell: (task) => dueCell(task.due_date) },
    { header: "Frequency", cell: (task) => task.frequency },
    // decisions D9: every how many of the frequency's units (2 with Weekly: every 2 weeks).
    { header: "Interval", cell: (task) => String(task.interval) },
    // decisions D9: the last date the series may fall on; empty when it repeats with no end.
    { header: "Repeat until", cell: (task) => task.repeat_until ?? "" },
    { header: "Priority", cell: (task) => task.priority },
    { header: "Completed", cell: (task) => yesNo(task.completed) },
    // decisions D9: a skip is kept with the completions, but the occurrence was not done.
    { header: "Times completed", cell: (task) => String(task.completions.length - skipsOf(task)) },
    { header: "Times skipped", cell: (task) => String(skipsOf(task)) },
    {
      header: "Last completed",
      cell: (task) =>
        task.completions.findLast((completion) => !completion.skipped)?.completed_at ?? "",
    },
    { header: "Created", cell: (task) => task.created_at },
    { header: "File", cell: (task) => filePath(task.file_uid, context) },
    { header: "UID", cell: (task) => task.uid },
  ];
}

function subscriptionColumns(context: CsvContext): Column<ArchiveSubscription>[] {
  return [
    { header: "Name", cell: (subscription) => spreadsheetText(subscription.name) },
    { header: "Cost", cell: (subscription) => subscription.cost.toFixed(2) },
    { header: "Currency", cell: () => context.currency ?? "" },
    { header: "Frequency", cell: (subscription) => subscription.frequency },
    { header: "Interval", cell: (subscription) => String(subscription.interval) },
    { header: "Next renewal", cell: (subscription) => subscription.next_renewal_date },
    {
      header: "Reminder days before",
      cell: (subscription) => String(subscription.remind_days_before),
    },
    { header: "Priority", cell: (subscription) => subscription.priority },
    { header: "Cancel link", cell: (subscription) => spreadsheetText(subscription.cancel_link) },
    { header: "Active", cell: (subscription) => yesNo(subscription.active) },
    { header: "Created", cell: (subscription) => subscription.created_at },
    { header: "File", cell: (subscription) => filePath(subscription.file_uid, context) },
    { header: "UID", cell: (subscription) => subscription.uid },
  ];
}

/**
 * A CSV's text made a page of records at a time: its opening (the mark and the header row), then
 * each page's rows as one piece. A piece per record (csv-stringify's stream) cost the export a trip
 * to zlib's thread pool each, 10,000 of them for 10,000 tasks: about a second of the API's thread
 * waiting (issue 22's bench).
 */
export interface CsvParts<Row> {
  readonly opening: string;
  rows(page: readonly Row[]): string;
}

function csvParts<Row>(columns: readonly Column<Row>[]): CsvParts<Row> {
  const options = { columns: columns.map((column) => column.header), record_delimiter: "windows" };
  return {
    opening: stringify([], { ...options, bom: true, header: true }),
    rows: (page) =>
      stringify(
        page.map((row) => columns.map((column) => column.cell(row))),
        options,
      ),
  };
}

export function tasksCsv(context: CsvContext): CsvParts<ArchiveTask> {
  return csvParts(taskColumns(context));
}

export function subscriptionsCsv(context: CsvContext): CsvParts<ArchiveSubscription> {
  return csvParts(subscriptionColumns(context));
}
