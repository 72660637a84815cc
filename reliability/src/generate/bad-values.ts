// The values issue 8 lists as the ones that break servers: wrong types, empty and huge strings,
// U+0000, lone surrogates, emoji, 1e309, -0, impossible dates, deep nesting, malformed JSON.
import fc from "fast-check";
import { RawToken } from "./json-text.js";

export const weirdStrings = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\t\n",
      "\u0000",
      "a\u0000b",
      "\ud800", // a lone high surrogate
      "\udfff", // a lone low surrogate
      "x\ud83d", // half an emoji
      "😀",
      "👩‍👩‍👧‍👦",
      "🏳️‍🌈",
      "\u202eevil\u202c", // right-to-left override
      "\u200b",
      "\ufeff",
      "\u0001\u001f\u007f\u0085",
      "é".repeat(201),
      "' OR 1=1 --",
      "'); DROP TABLE tasks; --",
      "<script>alert(1)</script>",
      "${jndi:ldap://x}",
      "%00",
      "null",
      "true",
      "1e309",
      "NaN",
    ),
  },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  // Huge: beyond every field's limit; some beyond the 64 KiB body limit (or, in a query, the
  // 32 KiB header limit).
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 70_000 }).map((n) => "x".repeat(n)) },
);

/** Numbers as a client may write them, JSON or not. */
export const weirdNumbers = fc.oneof(
  fc
    .constantFrom(
      "1e309",
      "-1e309",
      "-0",
      "-0.0",
      "0.1e-400",
      "1e-7",
      "9007199254740993",
      "123456789012345678901234567890",
      "1".padEnd(300, "0"),
      "1.005",
      "0.30000000000000004",
      "1e2",
      "NaN",
      "Infinity",
      "-Infinity",
      "0x10",
      "01",
      ".5",
      "+1",
      "1_000",
    )
    .map((text) => new RawToken(text)),
  fc.double().map((n) => new RawToken(Number.isFinite(n) ? String(n) : "1e999")),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
);

export const impossibleDates = fc.constantFrom(
  "2026-02-30",
  "2023-02-29",
  "2026-13-01",
  "2026-00-10",
  "2026-04-31",
  "0000-01-01",
  "0000-00-00",
  "-0001-01-01",
  "+010000-01-01",
  "99999-01-01",
  "2026-1-1",
  "2026-02-30T00:00:00Z",
  "2026-01-01T24:00:00Z",
  "2026-01-01T23:60:00Z",
  "2026-12-31T23:59:60Z",
  "2026-01-01T00:00:00+25:00",
  "2026-01-01T00:00:00",
  "2026-01-01 00:00:00Z",
  // Real instants at the edges of what can be stored and written back in four digits.
  "9999-12-31T23:59:59-01:00",
  "9999-12-31T23:59:59.999Z",
  "0001-01-01T00:00:00+01:00",
  "0001-01-01T00:00:00Z",
  "1969-12-31T23:59:59Z",
  "1970-01-01T00:00:00.123456789Z",
);

/** Wrong JSON types for any field. */
export const wrongTypes = fc.constantFrom<unknown>(
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { $gt: "" },
  new RawToken('{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":1}}}'),
  [[["nested"]]],
);

export const badValues: fc.Arbitrary<unknown> = fc.oneof(
  weirdStrings,
  weirdNumbers,
  impossibleDates,
  wrongTypes,
);

/** `[[[...]]]` or `{"a":{"a":...}}`, from shallow to deeper than any sane parser recursion. */
export const deepNestingText = fc
  .record({ depth: fc.integer({ min: 50, max: 40_000 }), kind: fc.constantFrom("array", "object") })
  .map(({ depth, kind }) =>
    kind === "array"
      ? `${"[".repeat(depth)}1${"]".repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

/** Text that is not JSON, or not quite. */
export function malformedJsonText(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "{",
      "}",
      "[",
      "{'title': 'x'}",
      '{"title": "x",}',
      '{"title": "x"}{"title": "y"}',
      '{"title": undefined}',
      '{"title": NaN}',
      '{"title": "x" /* comment */}',
      "\ufeff{}",
      '"just a string"',
      "null",
      "42",
      "true",
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a":"\\x41"}',
      "\u0000",
      "title=x&due_date=2026-01-01",
    ),
    // A valid body cut short, or with a stray character inserted.
    fc
      .tuple(valid, fc.nat(), fc.constantFrom("", ",", "}", '"', "\\", "\u0000"))
      .map(([text, at, insert]) => {
        const cut = text.length === 0 ? 0 : at % text.length;
        return `${text.slice(0, cut)}${insert}`;
      }),
  );
}
