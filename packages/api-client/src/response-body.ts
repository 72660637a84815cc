// spec 7: an answer is parsed as JSON when its content type says JSON, otherwise as text.
import { parseJson } from "./parse-json.js";

/** True for `application/json` and `application/*+json`, with or without parameters. */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

/**
 * Reads a response's body (a clone: the caller's response stays readable). JSON that does not
 * parse is kept as its text; an empty JSON body is undefined.
 */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  if (!isJsonContentType(response.headers.get("content-type"))) return text;
  const value = parseJson(text);
  return value === undefined && text.trim() !== "" ? text : value;
}
