// Whether a document asks for something to be done once (a task: a bill to pay by a date, an
// appointment, something that expires) or tells of something that renews by itself (a
// subscription), from its words (issue 21).

export interface FoundKind {
  kind: "task" | "subscription";
  confidence: number;
}

const SUBSCRIPTION_WORDS: readonly (readonly [RegExp, number])[] = [
  [/\bauto-?renew(?:s|al|ed)?\b|\brenews? automatically\b|\bautomatically renew\b/, 4],
  [/\b(?:renews|will renew|renewal date|renews on)\b/, 3],
  [/\bsubscription|\bsubscriber\b|\bmembership\b|\bmember\b/, 3],
  [/\bnext (?:payment|billing|charge|bill|direct debit|renewal|debit)\b/, 3],
  [
    /\bbilled (?:daily|weekly|fortnightly|monthly|quarterly|annually|yearly|every)\b|\bcharged (?:daily|weekly|fortnightly|monthly|quarterly|annually|yearly)\b/,
    3,
  ],
  [
    /[£$€]\s?\d[\d.,]*\s?(?:\/\s?(?:mo|month|yr|year|wk|week|day)\b|(?:per|a|each) (?:month|year|week|day|quarter|fortnight)\b|(?:per|every) (?:\d{1,2}|two|three|four|six|other) (?:day|week|month|year)s?\b)/,
    3,
  ],
  [/\bcancel (?:anytime|at any time)\b|\bturn off auto|\bnotice period\b|\buntil you cancel\b/, 2],
  [/\b(?:your )?plan\b|\brecurring\b|\bcontinues?\b/, 2],
  [/\bpolicy\b|\bpremium\b|\bcover\b|\bcontract\b/, 1],
  [/\bdirect debit\b|\bpass\b/, 1],
];

const TASK_WORDS: readonly (readonly [RegExp, number])[] = [
  [/\bappointment\b/, 4],
  [/\bexpir(?:es|y|ed|ation|e)\b|\bruns out\b|\bis due\b|\bbooster\b/, 3],
  [
    /\b(?:due date|due by|pay by|payment due|amount due|balance due|total due|amount payable|please pay|to pay)\b/,
    3,
  ],
  [/\bpenalty\b|\bfine\b|\boverdue\b|\bnot been paid\b|\breminder notice\b|\bdeadline\b/, 3],
  [/\bbill\b|\binvoice\b|\bstatement\b|\btransfer by\b/, 2],
  // A balance carried from one bill to the next is an account's: a bill's words, though they
  // name the next bill ("your credit will be carried to your next bill").
  [/\b(?:carried|brought) (?:forward|over)\b|\bcarried to your next\b/, 3],
  [/\bpassport\b|\blicen[cs]e\b|\bmot\b|\bregistration\b|\bpermit\b|\bvisa\b|\bvaccination\b/, 2],
  [/\bplease (?:bring|arrive|call|book)\b|\bbook (?:your|online|now)\b|\bapply\b/, 2],
  [/\btax\b/, 1],
];

export function findKind(text: string): FoundKind {
  const lower = text.toLowerCase();
  const subscription = scoreOf(lower, SUBSCRIPTION_WORDS);
  const task = scoreOf(lower, TASK_WORDS);
  const margin = subscription - task;
  // Even with no word either way, a task is the safer guess: it asks the person to look.
  const kind = margin > 0 ? "subscription" : "task";
  const confidence = Math.min(0.95, 0.5 + 0.06 * Math.abs(margin));
  return { kind, confidence: Math.round(confidence * 100) / 100 };
}

function scoreOf(text: string, words: readonly (readonly [RegExp, number])[]): number {
  let score = 0;
  for (const [pattern, weight] of words) if (pattern.test(text)) score += weight;
  return score;
}
