// decisions D3/D4, spec 5: a cancel link is an absolute http(s) address and nothing else, so a
// stored link can never become `javascript:`, `data:` or a path on our own site when rendered.
import * as z from "zod/mini";
import { CANCEL_LINK_MAX_LENGTH } from "./limits.js";

const HTTP_SCHEME = /^https?:\/\//i;
// Whitespace and C0/C1 control characters: URL parsers silently drop some of them
// (`java\tscript:`), so a link that contains any is refused rather than interpreted.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001F\u007F-\u009F]/u;

export const CANCEL_LINK_MESSAGE =
  "Cancel link must be a full web address starting with http:// or https://";

/** True when `value` is an absolute http or https URL with a host, written plainly. */
export function isHttpUrl(value: string): boolean {
  if (value.length > CANCEL_LINK_MAX_LENGTH) return false;
  if (!HTTP_SCHEME.test(value) || WHITESPACE_OR_CONTROL.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/** The link if it is safe to render as a live link, otherwise null (whatever the database holds). */
export function safeLink(value: string | null | undefined): string | null {
  return typeof value === "string" && isHttpUrl(value) ? value : null;
}

/** The cancel link as accepted on create: trimmed, then an absolute http(s) URL. */
export const CancelLinkSchema = /* @__PURE__ */ z.string({ error: CANCEL_LINK_MESSAGE }).check(
  z.trim(),
  z.maxLength(CANCEL_LINK_MAX_LENGTH, {
    error: `Cancel link must be at most ${CANCEL_LINK_MAX_LENGTH} characters`,
  }),
  z.refine(isHttpUrl, { error: CANCEL_LINK_MESSAGE }),
);
