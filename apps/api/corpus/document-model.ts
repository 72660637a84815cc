// The corpus's documents as data: what each one says (blocks the three renderers draw alike), how it
// is made (format, page, photo effects) and what reading it should propose (its label).
import type { Frequency, IsoDate, TaskFrequency } from "@life-admin/domain";

export type Block =
  /** The sender's name, large, at the top (as a logo would be). */
  | { type: "letterhead"; text: string; tagline?: string }
  | { type: "heading"; text: string }
  /** A paragraph, wrapped to the page. */
  | { type: "text"; text: string; size?: "small" | "normal" }
  /** "Label      value" rows, as statements and letters lay them out. */
  | { type: "fields"; rows: readonly (readonly [string, string])[] }
  | { type: "table"; head: readonly string[]; rows: readonly (readonly string[])[] }
  | { type: "gap" }
  | { type: "page-break" };

export type CorpusFormat = "pdf" | "docx" | "doc" | "png" | "jpeg";

/** What a camera does to a page: tilt in degrees, blur in pixels, noise as a standard deviation. */
export interface PhotoEffects {
  angle: number;
  blur: number;
  noise: number;
  /** Darker on one side, as under a desk lamp. */
  shade?: boolean;
  /**
   * The photo stored turned this far clockwise, with no EXIF orientation to say so: a phone that
   * did not know which way was up.
   */
  turned?: 90 | 180 | 270;
}

export interface CorpusLabel {
  kind: "task" | "subscription";
  /** The service, sender or thing the proposal's name or title must contain (case-insensitive). */
  name: string;
  /** The due date (task) or the next renewal date (subscription). */
  date: IsoDate;
  amount: number | null;
  currency: "GBP" | "USD" | "EUR" | null;
  /** A task's "Once" or how often it comes back. */
  frequency: TaskFrequency | Frequency;
}

export interface CorpusDocument {
  /** The file's name without its extension: `uk-energy-bill`. */
  id: string;
  format: CorpusFormat;
  /** UK, US or euro conventions (dates, amounts, currency). */
  locale: "uk" | "us" | "euro";
  /** Not used to tune the rules: the accuracy command reports these apart. */
  heldOut: boolean;
  /** The day the person uploads it ("today" for the rules). */
  today: IsoDate;
  /** Who uploads it: their account's name, which the rules are told (the reading job's). */
  person: string;
  /** An A4 letter (the default), a narrow till receipt, or a postcard-sized reminder card. */
  page?: "a4" | "receipt" | "card";
  /** Images only: a screenshot when absent, a photo with these effects when present. */
  photo?: PhotoEffects;
  blocks: readonly Block[];
  label: CorpusLabel;
  /** Why the label is what it is, where a reader could doubt it. */
  note?: string;
}
