// Requests for one operation of the contract, from plausible to hostile: its body schema broken
// field by field, bodies that are not JSON or not objects or too deep or too big, wrong content
// types, odd query strings and headers, and every kind of Authorization header.
import fc from "fast-check";
import type { OutgoingRequest } from "../http-exchange.js";
import type { JsonSchema, OpenApiDocument, Operation } from "../contract/openapi.js";
import { operationFor, resolveSchema } from "../contract/openapi.js";
import {
  badValues,
  deepNestingText,
  impossibleDates,
  malformedJsonText,
  weirdStrings,
} from "./bad-values.js";
import { alternativesOf, objectFor, valueFor } from "./from-schema.js";
import { RawToken, toJsonText } from "./json-text.js";
import { ALL_PLACEHOLDERS, PLACEHOLDER } from "./placeholders.js";

export interface GeneratedRequest extends OutgoingRequest {
  /** What the generator meant, for the figures: "valid body", "bad field", "deep nesting"... */
  kind: string;
}

const printable = fc.constantFrom(
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i)),
);
/** Header values fetch will send: printable ASCII and Latin-1, no CR/LF/NUL. */
const headerValue = fc.string({ unit: printable, maxLength: 200 });

/** Values named in the contract that are credentials or sign-in state, for deeper requests. */
function hintFor(name: string, apiUrl: string): fc.Arbitrary<unknown> | null {
  switch (name) {
    case "refresh_token":
      return fc.constantFrom(
        PLACEHOLDER.freshRefresh,
        PLACEHOLDER.freshRefresh,
        PLACEHOLDER.usedRefresh,
        PLACEHOLDER.freshAccess,
      );
    case "state":
      return fc.constantFrom(PLACEHOLDER.issuedState, PLACEHOLDER.issuedState, "made-up");
    case "error":
      return fc.constantFrom("access_denied", "temporarily_unavailable", "server_error");
    case "iss":
      return fc.constantFrom(`${apiUrl}/oidc`, "https://accounts.google.com");
    default:
      return null;
  }
}

function authorization(operation: Operation): fc.Arbitrary<string | null> {
  // A path's ids name records of the request's own new sign-in (placeholders.ts).
  const fresh = operation.bearer === "optional" || operation.pathParameters.length > 0;
  const own = fresh ? PLACEHOLDER.freshAccess : PLACEHOLDER.access;
  const malformed = fc.constantFrom(
    "Bearer",
    "Bearer ",
    `bearer ${own}`,
    `BEARER  ${own}`,
    `Bearer ${own} extra`,
    `Token ${own}`,
    "Basic dXNlcjpwYXNz",
    `Bearer ${PLACEHOLDER.freshRefresh}`,
    "Bearer eyJhbGciOiJub25lIn0.e30.",
  );
  return fc.oneof(
    { weight: operation.bearer === "none" ? 1 : 8, arbitrary: fc.constant(`Bearer ${own}`) },
    { weight: operation.bearer === "none" ? 6 : 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: malformed },
    { weight: 1, arbitrary: headerValue.map((v) => `Bearer ${v}`) },
  );
}

const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/vnd.api+json",
      "application/json; charset=latin1",
      "application/json, text/plain",
      "text/plain",
      "text/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=xyz",
      "application/jsonp",
      "application/xml",
      "",
      "*/*",
    ),
  },
  { weight: 1, arbitrary: headerValue },
  { weight: 1, arbitrary: fc.constant(null) },
);

const extraHeaders = fc.array(
  fc.oneof(
    fc.tuple(fc.constant("Accept"), fc.constantFrom("*/*", "text/html", "application/xml", "")),
    fc.tuple(
      fc.constant("Origin"),
      fc.constantFrom("http://127.0.0.1:5173", "https://evil.example", "null"),
    ),
    fc.tuple(fc.constant("Cookie"), headerValue),
    fc.tuple(fc.constant("X-Forwarded-For"), headerValue),
    fc.tuple(fc.stringMatching(/^X-[A-Za-z0-9-]{1,20}$/), headerValue),
    // Conditional requests as calendar apps send them (issue 19's feed answers 304 to a match).
    fc.tuple(
      fc.constant("If-None-Match"),
      fc.oneof(fc.constantFrom("*", 'W/"1-1-2026-01-01"', '"x", *', '""', ""), headerValue),
    ),
    fc.tuple(
      fc.constant("X-Large"),
      fc.integer({ min: 1000, max: 8000 }).map((n) => "h".repeat(n)),
    ),
  ),
  { maxLength: 3 },
);

/** encodeURIComponent, except that a lone surrogate becomes the bytes a careless encoder sends. */
function encodeQueryValue(value: string): string {
  // Placeholders stay readable: materialize() encodes the credential it puts in their place.
  if ((ALL_PLACEHOLDERS as readonly string[]).includes(value)) return value;
  return Array.from(value)
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
        return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
      }
      return encodeURIComponent(ch);
    })
    .join("");
}

function asQueryValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof RawToken) return value.text;
  return toJsonText(value);
}

const junkQuery = fc.constantFrom(
  "%ZZ",
  "%",
  "%00",
  "a=%E0%A4%A",
  "=",
  "&&&",
  "%ED%A0%80=1",
  "%C0%AF=overlong",
  "a[b]=c",
  "__proto__=x",
  `q=${"x".repeat(6000)}`,
);

function queryFor(operation: Operation, document: OpenApiDocument, apiUrl: string) {
  const documented = operation.query.map((parameter) => {
    const plausible = hintFor(parameter.name, apiUrl) ?? valueFor(document, parameter.schema);
    const value = fc.oneof(
      { weight: 4, arbitrary: plausible },
      { weight: 2, arbitrary: weirdStrings },
      { weight: 1, arbitrary: badValues },
    );
    return fc
      .option(fc.array(value, { minLength: 1, maxLength: 2 }), { freq: 2 })
      .map((values) =>
        (values ?? []).map((v) => `${parameter.name}=${encodeQueryValue(asQueryValue(v))}`),
      );
  });
  const unknown = fc.array(
    fc
      .tuple(fc.stringMatching(/^[a-z_]{1,12}$/), weirdStrings)
      .map(([k, v]) => `${k}=${encodeQueryValue(v)}`),
    { maxLength: 2 },
  );
  const junk = fc.option(junkQuery, { freq: 8 });
  return fc
    .tuple(fc.tuple(...documented), unknown, junk)
    .map(([parts, extra, raw]) =>
      [...parts.flat(), ...extra, ...(raw === null ? [] : [raw])].join("&"),
    );
}

/** Ids as a path may carry them that are not ids: FastAPI's int refuses each (422). */
const notIds = fc.constantFrom(
  "0",
  "-1",
  "-0",
  "+1",
  "01",
  "1.5",
  "1e3",
  "0x10",
  "1_000",
  "abc",
  "null",
  "NaN",
  "Infinity",
  "totals",
  "%201",
  "1%20",
  "%00",
  "1%00",
  "%ED%A0%80",
  "%EF%BC%91", // a full-width digit one
  "%2F",
  "%",
  "%ZZ",
  "1;2",
  "1,2",
  "{task_id}",
);

/** Well-formed ids no record of the request's user has, at and past the column's range. */
const strangersIds = fc.oneof(
  fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String),
  fc.constantFrom("2147483647", "2147483648", "99999999999", "9".repeat(400)),
);

/**
 * Calendar feed tokens (issue 19) that open no feed: well-formed ones nobody was given, one
 * character short or long, outside base64url, percent-encoded, path-like, and over-long.
 */
const notTokens = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{42,44}$/),
  fc.constantFrom(
    "x",
    "=".repeat(43),
    `${"A".repeat(42)}=`,
    `${"A".repeat(42)}%41`,
    `${"A".repeat(42)}+`,
    `${"A".repeat(42)}/`,
    `${"A".repeat(21)}%00${"A".repeat(21)}`,
    "%2e%2e",
    "..",
    "..%2F..%2Fusers%2Fme",
    "%2F",
    "%ED%A0%80",
    "%",
    "%ZZ",
    "feed",
    "{token}",
    "x".repeat(10_000),
  ),
);

/** The record a path parameter names, as its placeholder (made for the request's user). */
function ownRecordFor(operation: Operation, name: string): fc.Arbitrary<string> | null {
  switch (name) {
    case "task_id":
      // Undo wants a completion to undo; sometimes there is none (409).
      return operation.path.endsWith("/uncomplete")
        ? fc.constantFrom(
            PLACEHOLDER.freshCompletedTask,
            PLACEHOLDER.freshCompletedTask,
            PLACEHOLDER.freshTask,
          )
        : fc.constantFrom(
            PLACEHOLDER.freshTask,
            PLACEHOLDER.freshTask,
            PLACEHOLDER.freshCompletedTask,
          );
    case "subscription_id":
      return fc.constant(PLACEHOLDER.freshSubscription);
    case "token":
      return fc.constant(PLACEHOLDER.feedToken);
    default:
      return null;
  }
}

/** The path with each parameter filled: mostly the user's own record, else what is not one. */
function pathFor(operation: Operation): fc.Arbitrary<string> {
  if (operation.pathParameters.length === 0) return fc.constant(operation.path);
  const values = operation.pathParameters.map(({ name, schema }) => {
    const own = ownRecordFor(operation, name);
    const others =
      schema.type === "integer"
        ? [
            { weight: 2, arbitrary: notIds },
            { weight: 1, arbitrary: strangersIds },
          ]
        : [
            { weight: 2, arbitrary: notTokens },
            { weight: 1, arbitrary: notIds },
          ];
    return own === null ? fc.oneof(...others) : fc.oneof({ weight: 6, arbitrary: own }, ...others);
  });
  return fc
    .tuple(...values)
    .map((filled) =>
      operation.pathParameters.reduce(
        (path, { name }, i) => path.replace(`{${name}}`, filled[i] ?? ""),
        operation.path,
      ),
    );
}

/** A body built from the schema, then broken (or not) in one of the ways issue 8 lists. */
function structuredBody(
  document: OpenApiDocument,
  rawSchema: JsonSchema,
  apiUrl: string,
): fc.Arbitrary<{ kind: string; value: unknown }> {
  // A body of several shapes (`anyOf`) is any one of them, its fields those of all of them.
  const shapes = alternativesOf(resolveSchema(document, rawSchema)).map((shape) =>
    resolveSchema(document, shape),
  );
  const properties = [...new Set(shapes.flatMap((shape) => Object.keys(shape.properties ?? {})))];
  const hinted = Object.fromEntries(
    properties.flatMap((name) => {
      const hint = hintFor(name, apiUrl);
      return hint === null ? [] : [[name, hint]];
    }),
  );
  const valid = fc.oneof(...shapes.map((shape) => objectFor(document, shape))).chain((object) => {
    const keys = Object.keys(hinted);
    if (keys.length === 0) return fc.constant(object);
    return fc.record(hinted).map((values) => ({ ...object, ...values }));
  });
  const field = properties.length > 0 ? fc.constantFrom(...properties) : fc.constant("field");
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((value) => ({ kind: "valid body", value })) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(valid, field, fc.oneof(badValues, impossibleDates))
        .map(([object, name, bad]) => ({ kind: "bad field", value: { ...object, [name]: bad } })),
    },
    {
      weight: properties.length > 0 ? 2 : 0,
      arbitrary: fc
        .tuple(valid, fc.subarray(properties, { minLength: Math.min(1, properties.length) }))
        .map(([object, drop]) => ({
          kind: "missing fields",
          value: Object.fromEntries(Object.entries(object).filter(([k]) => !drop.includes(k))),
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.dictionary(
            fc.constantFrom("id", "user_id", "completed", "category", "created_at", "admin", "x"),
            badValues,
            { maxKeys: 3 },
          ),
        )
        .map(([object, extra]) => ({ kind: "extra fields", value: { ...object, ...extra } })),
    },
    { weight: 1, arbitrary: badValues.map((value) => ({ kind: "not an object", value })) },
  );
}

function bodyFor(
  operation: Operation,
  document: OpenApiDocument,
  apiUrl: string,
): fc.Arbitrary<{ kind: string; text: string } | null> {
  if (operation.body === null) return fc.constant(null);
  const structured = structuredBody(document, operation.body.schema, apiUrl).map(
    ({ kind, value }) => ({ kind, text: toJsonText(value) }),
  );
  const validText = structured.map((b) => b.text);
  const raw = fc.oneof(
    malformedJsonText(validText).map((text) => ({ kind: "malformed JSON", text })),
    deepNestingText.map((text) => ({ kind: "deep nesting", text })),
    fc
      .tuple(validText, fc.integer({ min: 64 * 1024 - 64, max: 160 * 1024 }))
      .map(([text, size]) => ({
        kind: "over 64 KiB",
        text: `{"padding":"${"p".repeat(size)}",${text.startsWith("{") ? text.slice(1) : '"x":1}'}`,
      })),
  );
  return fc.oneof(
    { weight: 8, arbitrary: structured },
    { weight: 3, arbitrary: raw },
    // The spec's own refresh call: a JSON content type and no body (spec 7).
    { weight: operation.body.required ? 0 : 1, arbitrary: fc.constant(null) },
  );
}

export function requestArbitrary(
  operation: Operation,
  document: OpenApiDocument,
  apiUrl: string,
): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      path: pathFor(operation),
      authorization: authorization(operation),
      contentType: operation.body === null ? fc.constant(null) : contentTypes,
      extra: extraHeaders,
      query: operation.query.length > 0 ? queryFor(operation, document, apiUrl) : fc.constant(""),
      body: bodyFor(operation, document, apiUrl),
      chunked: fc.boolean(),
    })
    .map(({ path, authorization: auth, contentType, extra, query, body, chunked }) => {
      const headers: [string, string][] = [];
      if (auth !== null) headers.push(["Authorization", auth]);
      if (contentType !== null) headers.push(["Content-Type", contentType]);
      headers.push(...extra);
      return {
        method: operation.method,
        path,
        query,
        headers,
        body: body === null ? null : { text: body.text, chunked },
        kind: body?.kind ?? (query === "" ? "no body" : "query"),
      };
    });
}

/**
 * Served, but not API operations: the local provider (its own error format, development only),
 * the interactive reference and the document itself.
 */
function servedOutsideContract(path: string): boolean {
  return path.startsWith("/oidc") || path.startsWith("/docs") || path === "/openapi.json";
}

/** Methods the contract does not list for a path, and paths it does not have at all. */
export function undocumentedRequestArbitrary(
  operations: readonly Operation[],
): fc.Arbitrary<GeneratedRequest> {
  const known = new Set(operations.map((o) => o.key));
  const documented = (method: string, path: string) =>
    operationFor(operations, method, path) !== null;
  const paths = [...new Set(operations.map((o) => o.path))];
  const wrongMethod = fc
    .tuple(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"), fc.constantFrom(...paths))
    .filter(([method, path]) => !known.has(`${method} ${path}`));
  const unknownPath = fc
    .tuple(
      fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
      fc.oneof(
        fc.constantFrom(
          "/tasks",
          "/tasks/1",
          "/tasks/-1",
          "/tasks/1e309",
          "/subscriptions/1",
          "/users/",
          "/users/me/",
          "/TASKS/",
          "/tasks//",
          "//tasks/",
          "/tasks/%00",
          "/tasks/%ED%A0%80",
          "/%2e%2e/tasks/",
          "/tasks/../users/me",
          "/tasks/%2F",
          "/auth/google",
          "/auth/",
          "/openapi.json/x",
          "/admin",
          "/calendar/",
          "/calendar/.ics",
          "/calendar/x.ics/",
          "/calendar/x.ICS",
          "/calendar/x.ics/../feed",
          "/calendar/feed/",
        ),
        fc.stringMatching(/^\/[a-z0-9/_.-]{1,30}$/),
      ),
    )
    .filter(([method, path]) => !known.has(`${method} ${path}`) && !servedOutsideContract(path));
  return fc
    .record({
      target: fc.oneof(wrongMethod, unknownPath),
      withToken: fc.boolean(),
    })
    .map(({ target: [method, path], withToken }) => ({
      method,
      path,
      query: "",
      // A new sign-in's: "/tasks/1" may be a documented path, and DELETE must not reach the
      // long-lived session's records.
      headers: withToken ? [["Authorization", `Bearer ${PLACEHOLDER.freshAccess}`]] : [],
      body: method === "GET" ? null : { text: "{}", chunked: false },
      kind: documented(method, path) ? "documented" : "undocumented",
    }));
}
