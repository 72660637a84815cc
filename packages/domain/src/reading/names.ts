// Who a document is from and what it is about (issue 21): the sender's name from the letterhead,
// the thing that expires ("Your passport expires on ..."), the kind of bill ("Council Tax").
import { ABBREVIATED_STREET, POSTCODE, STREET_WORD, UK_POSTCODE_LINE } from "./address-lines.js";
import { personsLines } from "./person-name.js";
import { type ProposalContext } from "./proposal.js";
import { type TextLine } from "./text-lines.js";

export interface FoundText {
  text: string;
  confidence: number;
}

/** How many of the first lines may hold the letterhead (a logo's words, a department's name). */
const LETTERHEAD_LINES = 6;
const LONGEST_NAME = 60;

const COMPANY_SUFFIX =
  /\b(?:ltd|limited|plc|llc|inc|corp|gmbh|ag|s\.?p\.?a|s\.?a|s\.?r\.?l|b\.?v|n\.?v|co)\.?(?=$|[\s,])/i;
/** Lines that are not a sender: greetings, people, addresses, headings, dates, references. */
const NOT_A_SENDER: readonly RegExp[] = [
  /^(?:dear|hi|hello|to|re|ref|page|date|tel|phone|fax|email|e-mail|web|from|attn)\b/i,
  /^(?:mr|mrs|ms|miss|mx|dr)\.? /i,
  /^(?:your|our|thank|thanks|welcome|receipt|invoice|statement|order|account|customer|member|patient|policy)\b/i,
  /^\d/,
  STREET_WORD,
  ABBREVIATED_STREET,
  /\b(?:bill|reminder|notice|confirmation|renewal|summary|details)\b/i,
  // A heading that names the document ("Rent Statement", "Annual mortgage statement"), not a
  // biller whose name runs into it ("Harbour Bank Credit Card Statement").
  /^(?:[\p{L}-]+\s+){0,3}(?:statement|invoice|receipt)$/iu,
  // A field ("Resident: John Miller, Unit 4B", "Bill to: ...").
  /^\p{L}[\p{L} ]{1,24}:\s/u,
  /@|www\.|https?:|\.(?:com|co\.uk|net|org|de|ie|it|nl|fr)\b/i,
  // An amount or a date: a line of a bill ("Billing period Sep 15 - Nov 14"), not its sender.
  /[£$€]\s?\d/,
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/i,
  POSTCODE,
  /[.!?:]$/,
];

/**
 * The sender: the first of the top lines that reads as a name (not an address, a person or a
 * heading, nor the reader's own name or address), surer when the text names it again or it
 * carries a company suffix; else a company named anywhere ("Northgate Energy Ltd, ..."), a web
 * address, or the file's name.
 */
export function findSender(
  lines: readonly TextLine[],
  { fileName, personName }: Pick<ProposalContext, "fileName" | "personName"> = {},
): FoundText | null {
  const whole = lines.map((line) => line.text).join("\n");
  const lower = whole.toLowerCase();
  const readers = personName == null ? new Set<number>() : personsLines(lines, personName);
  for (const line of lines.slice(0, LETTERHEAD_LINES)) {
    const name = asName(line.text);
    if (name === null || readers.has(line.index) || isAddressee(lines, line)) continue;
    const after = lower.indexOf(line.text.toLowerCase()) + line.text.length;
    const namedAgain = lower.includes(firstWord(name).toLowerCase(), after);
    return { text: name, confidence: namedAgain || COMPANY_SUFFIX.test(name) ? 0.85 : 0.7 };
  }
  const company = lines.map((line) => companyIn(line.text)).find((found) => found !== null);
  if (company != null) return { text: company, confidence: 0.5 };
  const site =
    /\b(?:www\.|[a-z]+\.)?([a-z][a-z0-9-]{2,})\.(?:com|co\.uk|net|org|de|ie|it|nl|fr)\b/i.exec(
      whole,
    );
  if (site?.[1] !== undefined) return { text: capitalised(site[1]), confidence: 0.4 };
  const fromFile = fileName === undefined ? null : nameFromFile(fileName);
  return fromFile === null ? null : { text: fromFile, confidence: 0.2 };
}

function asName(line: string): string | null {
  const letters = line.replace(/[^\p{L}]/gu, "").length;
  if (letters < 3 || line.length > LONGEST_NAME) return null;
  // Mostly digits: a reference, a phone number, a date.
  if (line.replace(/[^\d]/g, "").length > letters / 2) return null;
  // "Lumen Telecom S.p.A." ends with a full stop and is still a name.
  if (COMPANY_SUFFIX.test(line) && !line.includes(",")) return line;
  if (NOT_A_SENDER.some((pattern) => pattern.test(line))) return null;
  return line;
}

/**
 * The person a letter is addressed to, or their town: a line followed by a postcode, or (below the
 * first line, which is the letterhead's) by a house number.
 */
function isAddressee(lines: readonly TextLine[], line: TextLine): boolean {
  const next = lines[line.index + 1]?.text ?? "";
  return UK_POSTCODE_LINE.test(next) || (line.index > 0 && /^\d/.test(next));
}

/** "Northgate Energy Ltd, 1 Harbour Way" -> "Northgate Energy Ltd". */
function companyIn(line: string): string | null {
  for (const part of line.split(/[,|]|[.!?]\s/)) {
    const trimmed = part.trim();
    if (
      COMPANY_SUFFIX.test(trimmed) &&
      /^\p{Lu}/u.test(trimmed) &&
      trimmed.length <= LONGEST_NAME
    ) {
      return trimmed;
    }
  }
  return null;
}

/** A file name that says something ("British Gas bill.pdf"), not a camera's ("IMG_2041.jpg"). */
function nameFromFile(fileName: string): string | null {
  const base = fileName
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .replace(/[_-]+/g, " ")
    .trim();
  if (/^(?:img|image|scan|scanned|document|doc|file|photo|pxl|dsc|screenshot)\b/i.test(base))
    return null;
  const letters = base.replace(/[^\p{L}]/gu, "").length;
  return letters >= 3 ? base.slice(0, LONGEST_NAME).trim() : null;
}

export interface ThingToDo extends FoundText {
  /**
   * Renew what expires; of what falls due, pay a tax, renew a policy, file a return, book the
   * rest (a check-up, an MOT, a booster); return a form a school or an office asks for.
   */
  verb: "Renew" | "Book" | "Pay" | "File" | "Return";
}

const THING = String.raw`((?:[\p{L}'-]+\s+){0,2}?[\p{L}'-]+)`;
const THINGS_TO_DO: readonly (readonly [RegExp, ThingToDo["verb"]])[] = [
  [
    new RegExp(
      String.raw`\b(?:your|the)\s+${THING}\s+(?:\([^)]*\)\s+)?(?:is due to expire|is expiring|expires|will expire|has expired|runs out)\b`,
      "iu",
    ),
    "Renew",
  ],
  [new RegExp(String.raw`^${THING}\s+(?:expires|expiry date|expiry)\b`, "imu"), "Renew"],
  [
    new RegExp(
      String.raw`\bplease\s+(?:(?:sign|complete|fill in)\s+and\s+)?return\s+(?:the|your|this)\s+((?:[\p{L}'-]+\s+){0,2}?form)\b`,
      "iu",
    ),
    "Return",
  ],
  // "Your eye test is due", "Bella's booster is due": the reader's, or their pet's or child's.
  [new RegExp(String.raw`\b(?:your|\p{L}+'s)\s+${THING}\s+is (?:now )?due\b`, "iu"), "Book"],
];
/** What falls due and is not booked but paid: a bill's words, left to the rules for bills. */
const PAID_THINGS = /\b(?:payment|bill|invoice|balance|amount|rent|instalment|installment|fee)$/i;
/** What falls due and is not booked: what it is done with instead ("your vehicle tax is due"). */
const DUE_THINGS: readonly (readonly [RegExp, ThingToDo["verb"]])[] = [
  [/\breturns?$/i, "File"],
  [/\b(?:tax|duty|premium|charge)$/i, "Pay"],
  [
    /\b(?:policy|contract|insurance|cover|membership|subscription|licen[cs]e|registration|passport|permit|visa|plan|lease|tenancy)$/i,
    "Renew",
  ],
];

/**
 * What a task is about when the document says it expires or falls due: "Your passport expires on
 * ..." gives "Renew passport", "Your eye test is due" "Book eye test", "Your council tax is due"
 * "Pay council tax", "Your policy is due for renewal" "Renew policy", "Please return the consent
 * form" "Return consent form".
 */
export function findThingToDo(text: string): ThingToDo | null {
  for (const [pattern, verb] of THINGS_TO_DO) {
    const thing = pattern.exec(text)?.[1];
    if (thing === undefined || PAID_THINGS.test(thing)) continue;
    const dealtWith = verb === "Book" ? DUE_THINGS.find(([words]) => words.test(thing)) : undefined;
    return { text: thing, verb: dealtWith?.[1] ?? verb, confidence: 0.75 };
  }
  return null;
}

const BILL_SUBJECTS =
  /\b(rent(?= (?:statement|due|is due|for|payable|demand|reminder)\b)|council tax|penalty charge|parking (?:fine|ticket)|(?:real estate|property|income|road|vehicle) tax|tax return|tv licen[cs]e|(?:water|electricity|gas|energy|phone|mobile|internet|broadband) bill)\b/i;

/** The kind of bill, in the document's own words, when it names a common one ("Council Tax"). */
export function findBillSubject(text: string): string | null {
  return BILL_SUBJECTS.exec(text)?.[1] ?? null;
}

function firstWord(name: string): string {
  return name.split(" ")[0] ?? name;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
