// Suite 15's files (issue 21): real small documents of every type an upload takes, made by the
// API's own test generators (@life-admin/api/test-documents), and what becomes of them on the way:
// cut short, bytes changed, stretches lost or doubled, glued to another type (polyglots), zip
// bombs, image headers claiming huge sizes, PDFs whose scripts and actions would call home, a PDF
// that would draw forever, files at and past the upload limit, empty and one-byte files and other
// types, each under a name and a claimed type that may lie. Every file carries what the suite
// knows of its answer before it is sent. fast-check draws recipes (plain data) from the seed, so a
// run's files are replayed by RELIABILITY_SEED; file-kit.ts, zip-bombs.ts, hostile-documents.ts
// and file-mutations.ts make their bytes.
import fc from "fast-check";
import {
  ACCEPTED_OR_NOT,
  KIND_OF_SEED,
  MIB,
  MIME_TYPES,
  PDF_TOO_COMPLEX,
  SEED_NAMES,
  SIGNATURE_LENGTH,
  type DocumentKind,
  type Expected,
  type FileKit,
  type Made,
  type SeedName,
} from "./file-kit.js";
import { flipped, spliced, truncated, type Flip, type Splice } from "./file-mutations.js";
import {
  OTHER_TYPES,
  PIXELS,
  POLYGLOTS,
  SIZE_CASES,
  decoded,
  otherType,
  pixels,
  polyglot,
  sized,
  type OtherType,
  type Pixels,
  type Polyglot,
} from "./hostile-documents.js";
import { ZIP_BOMBS, zipBomb, type ZipBomb } from "./zip-bombs.js";

export type Family =
  | "valid"
  | "truncated"
  | "flipped"
  | "spliced"
  | "polyglot"
  | "zip-bomb"
  | "pixels"
  | "scripted-pdf"
  | "form-bomb"
  | "size-limit"
  | "empty"
  | "one-byte"
  | "other-type";

export interface HostileFile {
  family: Family;
  /** What it is, for failure messages: "truncated docx at 1234 of 9509". */
  label: string;
  bytes: Buffer;
  /** The name the form sends. */
  name: string;
  /** The Content-Type the form claims for it. */
  claimedType: string;
  /** Sent chunked, without a Content-Length. */
  chunked: boolean;
  expected: Expected;
}

// ---- names and claims ------------------------------------------------------------------------

const BASE_NAMES = [
  "bill",
  "Rechnung März 2026",
  "../../../etc/passwd",
  "C:\\Windows\\System32\\bill",
  "bill\u202efdp.exe",
  "nul\u0000byte",
  'say "hello"',
  "new\r\nline",
  "😀 receipt",
  "",
  ".",
  "..",
  "  spaced  ",
  "%2e%2e%2fbill",
  "<script>alert(1)</script>",
  "CON",
  "x".repeat(300),
  "é".repeat(150),
] as const;
const OTHER_ENDINGS = ["", ".html", ".exe", ".svg", ".js", ".pdf.exe", ".txt", ".PDF", ".docx"];
const CLAIMS = [
  "",
  "application/octet-stream",
  "text/html",
  "image/svg+xml",
  "application/x-msdownload",
  "application/pdf",
  "image/png",
  "multipart/form-data",
  "a/b/c;;;=",
  `text/plain; ${"x".repeat(2000)}`,
] as const;

const nameArbitrary = fc.record({
  base: fc.constantFrom(...BASE_NAMES),
  /** The ending the bytes' type has, or another. */
  ending: fc.oneof(fc.constant("true" as const), fc.constantFrom(...OTHER_ENDINGS)),
  claim: fc.oneof(fc.constant("true" as const), fc.constantFrom(...CLAIMS)),
});
type NameRecipe = typeof nameArbitrary extends fc.Arbitrary<infer T> ? T : never;

const TRUE_ENDING: Record<DocumentKind, string> = {
  pdf: ".pdf",
  docx: ".docx",
  doc: ".doc",
  png: ".png",
  jpeg: ".jpg",
};

function named(recipe: NameRecipe, kind: DocumentKind | null) {
  const ending =
    recipe.ending === "true" ? (kind === null ? ".bin" : TRUE_ENDING[kind]) : recipe.ending;
  const claimedType =
    recipe.claim === "true"
      ? kind === null
        ? "application/octet-stream"
        : MIME_TYPES[kind]
      : recipe.claim;
  return { name: `${recipe.base}${ending}`, claimedType };
}

// ---- recipes ---------------------------------------------------------------------------------

const share = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const seedName = fc.constantFrom(...SEED_NAMES);
const flip: fc.Arbitrary<Flip> = fc.record({ at: share, mask: fc.integer({ min: 1, max: 255 }) });

type Recipe =
  | { family: "valid"; seed: SeedName }
  | { family: "truncated"; seed: SeedName; at: number }
  | { family: "flipped"; seed: SeedName; flips: readonly Flip[]; keepSignature: boolean }
  | { family: "spliced"; seed: SeedName; splice: Splice; start: number; end: number }
  | { family: "polyglot"; polyglot: Polyglot }
  | { family: "zip-bomb"; bomb: ZipBomb; depth: number; which: number }
  | { family: "pixels"; pixels: Pixels; which: number }
  | { family: "scripted-pdf"; flips: readonly Flip[] }
  | { family: "form-bomb" }
  | {
      family: "size-limit";
      size: (typeof SIZE_CASES)[number];
      seed: "pdf" | "png" | "docx";
      over: number;
      chunked: boolean;
    }
  | { family: "empty" }
  | { family: "one-byte"; byte: number }
  | { family: "other-type"; other: OtherType; noise: number[] };

const recipeArbitrary: fc.Arbitrary<Recipe> = fc.oneof(
  { weight: 60, arbitrary: fc.record({ family: fc.constant("valid"), seed: seedName }) },
  {
    weight: 160,
    arbitrary: fc.record({ family: fc.constant("truncated"), seed: seedName, at: share }),
  },
  {
    weight: 160,
    arbitrary: fc.record({
      family: fc.constant("flipped"),
      seed: seedName,
      flips: fc.array(flip, { minLength: 1, maxLength: 24 }),
      keepSignature: fc.boolean(),
    }),
  },
  {
    weight: 60,
    arbitrary: fc.record({
      family: fc.constant("spliced"),
      seed: seedName,
      splice: fc.constantFrom<Splice>("zeros", "ones", "repeat", "delete"),
      start: share,
      end: share,
    }),
  },
  {
    weight: 110,
    arbitrary: fc.record({
      family: fc.constant("polyglot"),
      polyglot: fc.constantFrom(...POLYGLOTS),
    }),
  },
  {
    weight: 70,
    arbitrary: fc.record({
      family: fc.constant("zip-bomb"),
      bomb: fc.constantFrom(...ZIP_BOMBS.filter((bomb) => bomb !== "heap")),
      depth: fc.integer({ min: 1_000, max: 30_000 }),
      which: fc.nat(),
    }),
  },
  {
    weight: 60,
    arbitrary: fc.record({
      family: fc.constant("pixels"),
      // Images a reader must decode whole (up to 160 MB each, and OCR) a few times a run; the
      // headers that lie are cheap.
      pixels: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...PIXELS.filter((p) => !decoded(p))) },
        { weight: 1, arbitrary: fc.constantFrom(...PIXELS.filter(decoded)) },
      ),
      which: fc.nat(),
    }),
  },
  {
    weight: 20,
    arbitrary: fc.record({
      family: fc.constant("scripted-pdf"),
      flips: fc.oneof(
        { weight: 3, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(flip, { minLength: 1, maxLength: 8 }) },
      ),
    }),
  },
  {
    weight: 30,
    arbitrary: fc.record({
      family: fc.constant("size-limit"),
      size: fc.constantFrom(...SIZE_CASES),
      seed: fc.constantFrom("pdf" as const, "png" as const, "docx" as const),
      over: fc.integer({ min: 2, max: 3 * MIB }),
      chunked: fc.boolean(),
    }),
  },
  { weight: 15, arbitrary: fc.record({ family: fc.constant("empty") }) },
  {
    weight: 15,
    arbitrary: fc.record({
      family: fc.constant("one-byte"),
      byte: fc.integer({ min: 0, max: 255 }),
    }),
  },
  {
    weight: 60,
    arbitrary: fc.record({
      family: fc.constant("other-type"),
      other: fc.constantFrom(...OTHER_TYPES),
      noise: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 64 }),
    }),
  },
);

/** Files that cost the reading thread much, or its heap or its whole timeout: a few per run. */
export interface CostlyFiles {
  /** PDFs of forms nested 10^7 times: each refused as too complex, within seconds. */
  formBombs: number;
  /** DOCXs of 60 MiB of paragraphs: each fills the thread's heap, or holds it until its timeout. */
  heapBombs: number;
}

/**
 * `count` files from the seed: the costly ones at places the seed picks (under a plain name, so
 * that they are read), the rest drawn.
 */
export function hostileFiles(
  kit: FileKit,
  count: number,
  seed: number,
  costly: CostlyFiles,
): HostileFile[] {
  const drawn = fc.sample(fc.record({ recipe: recipeArbitrary, name: nameArbitrary }), {
    seed,
    numRuns: count,
  });
  const places = fc.sample(
    fc.uniqueArray(fc.nat({ max: count - 1 }), {
      minLength: Math.min(count, costly.formBombs + costly.heapBombs),
      maxLength: Math.min(count, costly.formBombs + costly.heapBombs),
    }),
    { seed, numRuns: 1 },
  )[0];
  places?.forEach((at, i) => {
    drawn[at] = {
      recipe:
        i < costly.formBombs
          ? { family: "form-bomb" }
          : { family: "zip-bomb", bomb: "heap", depth: 0, which: 0 },
      name: { base: "bill", ending: "true", claim: "true" },
    };
  });
  return drawn.map(({ recipe, name }) => build(kit, recipe, name));
}

/**
 * A part no form can carry as a file: one without a name (a browser's form with no file chosen),
 * unless it says it is application/octet-stream (busboy takes a part for a file by either), or a
 * name with a control character other than a tab, CR and LF (browsers percent-encode CR and LF;
 * busboy refuses the part's header). Either is a 422 however good the bytes; a Content-Length over
 * the limit is refused first.
 */
function unsendable(name: string, claimedType: string): boolean {
  if (name === "") return !/^application\/octet-stream\s*(;|$)/i.test(claimedType);
  // C1 controls travel as two UTF-8 bytes, which busboy takes as any other.
  return /\p{Cc}/u.test(name.replace(/[\t\r\n\u0080-\u009f]/g, ""));
}

function build(kit: FileKit, recipe: Recipe, nameRecipe: NameRecipe): HostileFile {
  const { looksLike, chunked = false, ...made } = recipeFile(kit, recipe);
  const { name, claimedType } = named(nameRecipe, made.expected.kind ?? looksLike ?? null);
  const expected: Expected = unsendable(name, claimedType)
    ? { statuses: made.expected.statuses.includes(413) ? [413, 422] : [422] }
    : made.expected;
  return { family: recipe.family, chunked, ...made, expected, name, claimedType };
}

function recipeFile(kit: FileKit, recipe: Recipe): Made {
  const { seeds } = kit;
  switch (recipe.family) {
    case "valid": {
      const kind = KIND_OF_SEED[recipe.seed];
      return {
        label: `valid ${recipe.seed}`,
        bytes: seeds[recipe.seed],
        expected: { statuses: [201], kind, reading: "read" },
      };
    }
    case "truncated": {
      const seed = seeds[recipe.seed];
      const length = 1 + Math.floor(recipe.at * (seed.length - 1));
      return {
        label: `${recipe.seed} cut at ${length} of ${seed.length}`,
        bytes: truncated(seed, length),
        looksLike: KIND_OF_SEED[recipe.seed],
        expected: { statuses: ACCEPTED_OR_NOT },
      };
    }
    case "flipped": {
      const seed = seeds[recipe.seed];
      const from = recipe.keepSignature ? SIGNATURE_LENGTH[KIND_OF_SEED[recipe.seed]] : 0;
      return {
        label: `${recipe.seed} with ${recipe.flips.length} bytes changed${recipe.keepSignature ? " past its signature" : ""}`,
        bytes: flipped(seed, recipe.flips, from),
        looksLike: KIND_OF_SEED[recipe.seed],
        expected: { statuses: ACCEPTED_OR_NOT },
      };
    }
    case "spliced": {
      const seed = seeds[recipe.seed];
      return {
        label: `${recipe.seed} with a stretch ${recipe.splice === "repeat" ? "doubled" : recipe.splice === "delete" ? "lost" : `overwritten (${recipe.splice})`}`,
        bytes: spliced(seed, recipe.splice, recipe.start, recipe.end),
        looksLike: KIND_OF_SEED[recipe.seed],
        expected: { statuses: [201, 415, 422] },
      };
    }
    case "polyglot":
      return polyglot(kit, recipe.polyglot);
    case "zip-bomb":
      return zipBomb(kit, recipe.bomb, recipe.depth, recipe.which);
    case "pixels":
      return pixels(kit, recipe.pixels, recipe.which);
    case "scripted-pdf":
      return {
        label: `a PDF whose scripts and actions call home${recipe.flips.length > 0 ? `, ${recipe.flips.length} bytes changed` : ""}`,
        bytes: flipped(kit.scriptedPdf, recipe.flips, SIGNATURE_LENGTH.pdf),
        expected:
          recipe.flips.length > 0
            ? { statuses: [201], kind: "pdf" }
            : { statuses: [201], kind: "pdf", reading: "read", amount: 84.5 },
      };
    case "form-bomb":
      return {
        label: "a PDF of forms nested 10^7 times",
        bytes: kit.formBomb,
        expected: {
          statuses: [201],
          kind: "pdf",
          reading: "unreadable",
          reasons: [PDF_TOO_COMPLEX],
        },
      };
    case "size-limit":
      return sized(kit, recipe.size, recipe.seed, recipe.over, recipe.chunked);
    case "empty":
      return { label: "an empty file", bytes: Buffer.alloc(0), expected: { statuses: [422] } };
    case "one-byte":
      return {
        label: `one byte (0x${recipe.byte.toString(16)})`,
        bytes: Buffer.from([recipe.byte]),
        expected: { statuses: [415] },
      };
    case "other-type":
      return {
        label: `another type (${recipe.other})`,
        bytes: otherType(recipe.other, Buffer.from(recipe.noise)),
        expected: { statuses: [415] },
      };
    default: {
      const unexpected: never = recipe;
      return unexpected;
    }
  }
}
