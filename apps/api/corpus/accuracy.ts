// Issue 21's accuracy command: every corpus document through the real pipeline (the API's text
// extractor, then the domain's rules), compared with its label; accuracy per field for all the
// documents, the tuning set and the held-out set.
//   pnpm reading:accuracy                 # from the repository's root
//   pnpm --filter @life-admin/api reading:accuracy -- --verbose --check
// --verbose shows, for each document with a field wrong, what was proposed and what was expected;
// --check exits 1 when a field is under its goal over all the documents.
import { parseArgs } from "node:util";
import { createTextExtractor } from "../src/reading/extract-text.js";
import { readLabelFiles } from "./labels.js";
import {
  type CorpusAccuracy,
  corpusAccuracy,
  type DocumentResult,
  measureCorpus,
} from "./measure.js";
import { type Accuracy, FIELDS, fieldsBelowGoal, GOALS } from "./score.js";

// pnpm passes on the "--" of `pnpm reading:accuracy -- --verbose`: it separates nothing here.
const { values: options } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: {
    verbose: { type: "boolean", default: false },
    check: { type: "boolean", default: false },
  },
});

const labels = await readLabelFiles();
const extractor = createTextExtractor();
let results: DocumentResult[];
try {
  results = await measureCorpus(extractor, labels);
} finally {
  await extractor.close();
}

for (const result of results) printDocument(result, options.verbose);
const accuracy = corpusAccuracy(results);
printSummary(accuracy);
const below = fieldsBelowGoal(accuracy.all);
if (options.check && below.length > 0) {
  console.error(`\nUnder the goal: ${below.join(", ")}`);
  process.exitCode = 1;
}

function printDocument(result: DocumentResult, verbose: boolean): void {
  const wrong = FIELDS.filter((field) => !result.fields[field]);
  const how =
    result.extracted === null
      ? "unread"
      : `${result.extracted.method}, ${result.extracted.pages} p`;
  const mark = wrong.length === 0 ? "ok " : "   ";
  const set = result.label.heldOut ? "held-out" : "tuning  ";
  console.log(
    `${mark} ${set} ${result.label.file.padEnd(38)} ${how.padEnd(16)} ${String(Math.round(result.ms)).padStart(6)} ms  ${wrong.length === 0 ? "" : `wrong: ${wrong.join(", ")}`}`,
  );
  if (!verbose || wrong.length === 0) return;
  if (result.error !== null) {
    console.log(`      error: ${result.error}`);
    return;
  }
  const proposal = result.proposal;
  if (proposal === null) return;
  const body = proposal.kind === "task" ? proposal.task : proposal.subscription;
  console.log(
    `      proposed: ${JSON.stringify({ kind: proposal.kind, ...body, amount: proposal.amount, currency: proposal.currency })}`,
  );
  console.log(`      expected: ${JSON.stringify(result.label.expected)}`);
}

function printSummary(accuracy: CorpusAccuracy): void {
  const percent = (value: number) =>
    Number.isNaN(value) ? "  -  " : `${(value * 100).toFixed(0).padStart(4)}%`;
  const row = (name: string, set: Accuracy) =>
    `${name.padEnd(20)} ${FIELDS.map((field) => percent(set.fields[field]).padStart(10)).join("")}`;
  console.log(`\n${"".padEnd(20)} ${FIELDS.map((field) => field.padStart(10)).join("")}`);
  console.log(row(`all (${accuracy.all.documents})`, accuracy.all));
  console.log(row(`tuning (${accuracy.tuning.documents})`, accuracy.tuning));
  console.log(row(`held out (${accuracy.heldOut.documents})`, accuracy.heldOut));
  console.log(
    `${"goal".padEnd(20)} ${FIELDS.map((field) => {
      const goal = GOALS[field];
      return (goal === undefined ? "-" : `${goal * 100}%`).padStart(10);
    }).join("")}`,
  );
}
