// The sum a document asks for or the price it quotes, with its currency (issue 21): "£84.20",
// "$1,845.32", "€ 1.124,82", "312,40 EUR", "CA$ 142.18". Of all the amounts on a bill, the one
// labelled as the total or the amount due; of a subscription's, the price that recurs.
import { numberOf } from "../written-numbers.js";
import { firstSentence, labelBefore, type TextLine } from "./text-lines.js";

/** The currencies read (ISO 4217): the pound, the euro, the dollars, the Swiss franc. */
export const CURRENCY_CODES = [
  "GBP",
  "USD",
  "EUR",
  "CAD",
  "AUD",
  "NZD",
  "HKD",
  "SGD",
  "MXN",
  "CHF",
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface FoundAmount {
  amount: number;
  amountConfidence: number;
  /**
   * The words of its line that speak of it, up to the amounts beside it ("£119.88/year - that's
   * just" of "£119.88/year - that's just £9.99/month"): a frequency written there counts most.
   */
  phrase: string;
  currency: CurrencyCode | null;
  currencyConfidence: number;
}

interface Candidate {
  amount: number;
  currency: CurrencyCode | null;
  line: TextLine;
  phrase: string;
  score: number;
}

/**
 * The signs and codes read, lower-cased. "$" alone is the US dollar's; the other dollars are
 * written with their country's letters ("CA$", "A$"), which must be read first.
 */
const SYMBOLS: Readonly<Record<string, CurrencyCode>> = {
  "£": "GBP",
  gbp: "GBP",
  $: "USD",
  us$: "USD",
  usd: "USD",
  "€": "EUR",
  eur: "EUR",
  ca$: "CAD",
  c$: "CAD",
  cad: "CAD",
  a$: "AUD",
  au$: "AUD",
  aud: "AUD",
  nz$: "NZD",
  nzd: "NZD",
  hk$: "HKD",
  hkd: "HKD",
  s$: "SGD",
  sg$: "SGD",
  sgd: "SGD",
  mx$: "MXN",
  mxn: "MXN",
  chf: "CHF",
};

const NUMBER = String.raw`\d{1,3}(?:[,. ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const CODES = String.raw`\b(?:${CURRENCY_CODES.join("|")})\b`;
const BEFORE = String.raw`(?<before>\b(?:US|CA|C|AU|A|NZ|HK|SG|S|MX)\$|[£$€]|${CODES})`;
// A sign followed by a number is that number's ("2026 £10.99" is a year, then the price).
const AFTER = String.raw`(?<after>[£€]|${CODES})(?!\s?\d)`;
/** "£84.20", "-$130.22", "$ -1.044,00", "312,40 EUR", "48,20 €"; a bare "29.99" (a receipt column). */
const MONEY = new RegExp(
  String.raw`(?<sign>-)?\s?${BEFORE}\s?(?<signAfter>-)?\s?(?<number>${NUMBER})(?![\d%])|` +
    String.raw`(?<![\w.,])(?<sign2>-)?(?<number2>${NUMBER})\s?${AFTER}|` +
    String.raw`(?<![\w.,£$€-])(?<bare>\d{1,3}(?:,\d{3})*\.\d{2}|\d{1,3}(?:\.\d{3})*,\d{2})(?![\w.,%])`,
  "gi",
);

/** Words before an amount and what they say of it: the sum asked for (+), or another (-). */
const LABELS: readonly (readonly [RegExp, number])[] = [
  [/\b(?:amount|total|balance|sum)\s+(?:\w+\s+)?(?:due|payable|to pay|owed)\b/, 5],
  [/\b(?:to pay|please pay|pay|payable|due|owed)\b/, 3],
  [/\btotal\b/, 3],
  [
    /\b(?:premium|price|fee|cost|costs|charge|charged|debit|membership|plan|subscription|renews?)\b/,
    2,
  ],
  [/\b(?:amount|for just|only|copay)\b/, 1],
  // A payment that comes round: "your next instalment of £184.25", "your monthly payment of £812.40".
  [/\b(?:next|monthly|regular)\s+(?:payment|instal+ment|direct debit|debit|collection)\b/, 3],
  // "from £10.99 to £12.99": the new price.
  [/\bfrom \S+ to$/, 2],
  // A part of the sum, not the sum; a total "incl. VAT" is the whole sum, VAT and all. A deposit
  // is weighed apart (depositScore).
  [
    /\bsub-?total\b|(?<!\binc(?:l|luding)?\.?\s)\b(?:vat|tax(?:es)?)\b|\bsurcharges?\b|\bexcess\b|\binterest\b/,
    -4,
  ],
  // A card statement's balance is what clears it, interest and all; its minimum payment only
  // keeps off a late fee (and leaves the rest to run up interest): the balance is the sum to pay.
  [/\b(?:new|statement) balance\b/, 2],
  [/\bminimum (?:monthly )?(?:re)?payment\b/, -3],
  [/\b(?:previous|last|was|paid|received|credit|refund|advance|discount|save|saving)\b/, -4],
  // "prices from £5": a lowest price, not the price ("From 12 December £10.99" is one); "up by
  // £3.50": a change of price, not the price.
  [/\b(?:late|missed|penalty of|rise|increase|up to)\b|\bfrom$|\b(?:up|down) by$/, -4],
  // A condition or instalments, not the sum: "if you pay monthly, 12 payments of £42.56".
  [/\bif you\b|\binstal+ments of\b|\bpayments of\b/, -3],
];

/** Words right after an amount: a price that recurs (+), or a rate that is not the sum (-). */
const AFTER_LABELS: readonly (readonly [RegExp, number])[] = [
  [
    /^\s*(?:\/\s*(?:mo|month|yr|year|wk|week|day)|(?:per|a|an|each|every)\s+(?:month|year|week|day|annum|quarter|fortnight)|(?:per|every)\s+(?:\d{1,2}|two|three|four|six|other)\s+(?:day|week|month|year)s?|billed|monthly|quarterly|fortnightly|annually|yearly|weekly|daily)\b/i,
    3,
  ],
  [/^\s*(?:(?:per|a|an)\s+(?:minute|min|kwh|unit|hour|gb|text|call)|p\/?kwh)\b/i, -5],
  // "a fee of £25 applies to missed appointments", "£97.50 may be charged": a condition.
  [/^\s*(?:applies|will apply|may apply|may be|would be|is charged|will be charged if)\b/i, -5],
  [/^\s*(?:is|are|will be) (?:due|payable)\b/i, 3],
  // A charge cut for paying early ("£110, reduced to £55 if paid within 14 days", "discounted to
  // £35 if paid by 9 December"): the sum a person pays, by the earlier date (dates.ts takes it too).
  // Not "if you pay by Direct Debit", a way to pay.
  [
    /^\s*,?\s*if (?:it is |it's |you )?(?:paid|pay)(?: it)?(?: in full)? (?:with)?in \d+\s*days\b/i,
    5,
  ],
  [
    /^\s*,?\s*if (?:it is |it's |you )?(?:paid|pay)(?: it)?(?: in full)? (?:by|before|on or before) (?:\d|the\b|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i,
    5,
  ],
];

/**
 * A deposit is usually paid already, held or to come back ("Deposit paid £200", "your deposit of
 * £1,200 is held by ...", "is payable to you when you move out"): not the sum asked for. One still
 * to pay by a date is ("a deposit of £50 is due by 12 December", "please pay a £20 deposit by 10
 * December"): the sum due then, not the whole cost.
 */
const DEPOSIT_BEFORE = /\bdeposits?\b/;
const DEPOSIT_AFTER = /^\s*(?:[\w-]+\s+)?deposits?\b/i;
const DEPOSIT_TO_PAY =
  /\b(?:deposits?|is|are|will be|falls?) (?:now )?(?:due|payable)\b|\b(?:please pay|pay (?:a|the|your))\b|\b(?:must|should|to) be paid\b/;
const DEPOSIT_SET_ASIDE =
  /(?<!\bbe )\bpaid\b|\b(?:held|received|protected|returned|refunded|deducted|less|already|to you)\b/;

function depositScore(label: string, after: string): number {
  if (!DEPOSIT_BEFORE.test(label) && !DEPOSIT_AFTER.test(after)) return 0;
  const words = `${label} ${firstSentence(after)}`.toLowerCase();
  return DEPOSIT_TO_PAY.test(words) && !DEPOSIT_SET_ASIDE.test(words) ? 3 : -4;
}

/** How far back the words that label an amount are read. */
const LABEL_REACH = 40;

/**
 * The amount the document is about, or null when it shows none, or only amounts its words set
 * aside (a fee for a missed appointment, a payment already received).
 */
export function findAmount(lines: readonly TextLine[]): FoundAmount | null {
  const candidates = lines.flatMap((line) => candidatesIn(lines, line));
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    if (best === undefined || candidate.score > best.score) best = candidate;
  }
  if (best === undefined || best.score < 0) return null;
  const documentCurrency = dominantCurrency(candidates);
  const currency = best.currency ?? documentCurrency;
  return {
    amount: best.amount,
    phrase: best.phrase,
    amountConfidence: best.score >= 5 ? 0.9 : best.score >= 2 ? 0.7 : 0.35,
    currency,
    currencyConfidence: best.currency !== null ? 0.95 : currency === null ? 0 : 0.6,
  };
}

function candidatesIn(lines: readonly TextLine[], line: TextLine): Candidate[] {
  const found: Candidate[] = [];
  const matches = [...line.text.matchAll(MONEY)];
  for (const [at, match] of matches.entries()) {
    const groups = match.groups ?? {};
    const written = groups.number ?? groups.number2 ?? groups.bare;
    /* c8 ignore next -- every branch of MONEY captures a number */
    if (written === undefined) continue;
    const amount = numberOf(written);
    if (amount === null) continue;
    const symbol = (groups.before ?? groups.after)?.toLowerCase();
    const negative = (groups.sign ?? groups.signAfter ?? groups.sign2) !== undefined;
    const start = match.index;
    const end = start + match[0].length;
    const label = labelBefore(lines, line, start).toLowerCase().slice(-LABEL_REACH);
    const after = line.text.slice(end);
    let score = scoreOf(label, LABELS) + scoreOf(after, AFTER_LABELS) + depositScore(label, after);
    if (negative) score -= 6;
    // A bare number is an amount only in a column of them, next to a labelled total.
    if (symbol === undefined) score -= 1.5;
    // The second amount on a line is usually last year's, or another column's.
    if (found.length > 0) score -= 1;
    // Nothing is neither the sum asked for nor a price when there is another ("Due today £0.00").
    if (amount === 0) score -= 3;
    const previous = matches[at - 1];
    const phraseStart = previous === undefined ? 0 : previous.index + previous[0].length;
    found.push({
      amount,
      currency: symbol === undefined ? null : (SYMBOLS[symbol] ?? null),
      line,
      phrase: line.text.slice(phraseStart, matches[at + 1]?.index ?? line.text.length),
      score,
    });
  }
  return found;
}

function scoreOf(text: string, labels: readonly (readonly [RegExp, number])[]): number {
  let score = 0;
  for (const [words, weight] of labels) if (words.test(text)) score += weight;
  return score;
}

/** The currency most of the document's amounts are written in. */
function dominantCurrency(candidates: readonly Candidate[]): CurrencyCode | null {
  const counts = new Map<CurrencyCode, number>();
  for (const { currency } of candidates) {
    if (currency !== null) counts.set(currency, (counts.get(currency) ?? 0) + 1);
  }
  let best: CurrencyCode | null = null;
  for (const [currency, count] of counts) {
    if (best === null || count > (counts.get(best) ?? 0)) best = currency;
  }
  return best;
}
