// JSON text with holes for what JSON.stringify cannot write: a number literal such as 1e309 or
// -0 exactly as typed, or a token that is not JSON at all (NaN), so that generated bodies reach
// the server's parser the way a careless or hostile client would write them.

/** A literal to write into the JSON text as is. */
export class RawToken {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawToken) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`,
    );
    return `{${members.join(",")}}`;
  }
  // undefined (a dropped field inside an array) has no JSON form: write null, as JSON.stringify does.
  return value === undefined ? "null" : JSON.stringify(value);
}

/** What the server's JSON.parse makes of the text, or undefined when it is not JSON. */
export function parsedJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
