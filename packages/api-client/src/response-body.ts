// spec 7: an answer is parsed as JSON when its content type says JSON, otherwise as text.
import { parseJson } from "./parse-json.js";

/** True for `application/json` and `application/*+json`, with or without parameters. */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

/**
 * A body read as spec 7 says: `value` when its content type says JSON and it parses (undefined
 * when empty); otherwise its `text`, and `notJson`, why it is not JSON.
 */
export type JsonBody = { value: unknown; notJson?: undefined } | NotJson;
export interface NotJson {
  value?: undefined;
  text: string;
  notJson: string;
}

/** Reads a response's body (a clone: the caller's response stays readable). */
export async function readJson(response: Response): Promise<JsonBody> {
  const text = await response.clone().text();
  const contentType = response.headers.get("content-type");
  if (!isJsonContentType(contentType)) {
    const mediaType = contentType?.split(";")[0]?.trim() || "no content type";
    return { text, notJson: `${mediaType}, not JSON` };
  }
  const value = parseJson(text);
  if (value === undefined && text.trim() !== "") {
    return { text, notJson: "JSON that does not parse" };
  }
  return { value };
}

/**
 * Reads a response's body (a clone: the caller's response stays readable). JSON that does not
 * parse is kept as its text; an empty JSON body is undefined.
 */
export async function readBody(response: Response): Promise<unknown> {
  const body = await readJson(response);
  return body.notJson === undefined ? body.value : body.text;
}
