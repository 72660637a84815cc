// The one error type the client throws for anything the API answered (spec 8): callers tell
// failures apart by `status` and `detail`, and show `message`.
import {
  type ApiErrorDetail,
  type ValidationIssue,
  detailOf,
  errorMessage,
} from "./error-message.js";

export type { ApiErrorDetail, ValidationIssue };

export interface ApiErrorInit {
  status: number;
  detail?: ApiErrorDetail | null;
  /** The whole answer: parsed JSON, or text (spec 7). */
  body?: unknown;
  /** Seconds to wait before trying again, from the answer's Retry-After (429, 503). */
  retryAfter?: number | null;
  cause?: unknown;
}

export class ApiError extends Error {
  override name = "ApiError";
  /** The HTTP status of the answer the error comes from. */
  readonly status: number;
  /** The answer's `detail` field when it has FastAPI's shape, else null. */
  readonly detail: ApiErrorDetail | null;
  readonly body: unknown;
  /**
   * Seconds the API asked the caller to wait before trying again (its Retry-After: a rate limit's
   * 429, a 503), else null: a script can wait this long instead of reading the message.
   */
  readonly retryAfter: number | null;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.detail = init.detail ?? null;
    this.body = init.body;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/**
 * The ApiError of a failed answer, with the catalogue's message (spec 8) unless another is given:
 * the error middleware's, and that of an answer read outside the client (the web app's upload,
 * which needs XMLHttpRequest for its progress).
 */
export function apiErrorOf(
  status: number,
  body: unknown,
  message?: string,
  retryAfter: number | null = null,
): ApiError {
  const detail = detailOf(body);
  return new ApiError(message ?? errorMessage(status, detail), {
    status,
    detail,
    body,
    retryAfter,
  });
}

/**
 * RFC 9110's Retry-After in whole seconds from `now`: either form (a number of seconds, or an
 * HTTP date), null when absent or unreadable. A date already passed is 0.
 */
export function retryAfterSeconds(header: string | null, now: Date): number | null {
  const value = header?.trim() ?? "";
  if (/^\d+$/.test(value)) return Number(value);
  // Only the IMF-fixdate form RFC 9110 asks senders for: "Sun, 06 Nov 1994 08:49:37 GMT".
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return null;
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** Where an answer strays from its schema: `[0].due_date` and what is wrong there. */
export interface ResponseIssue {
  path: string;
  message: string;
}

/**
 * A successful answer that does not match the contract (caught here, not later in the UI). The
 * message names the issues, unless one is given.
 */
export class InvalidResponseError extends ApiError {
  override name = "InvalidResponseError";
  readonly issues: readonly ResponseIssue[];

  constructor(
    route: string,
    issues: readonly ResponseIssue[],
    init: ApiErrorInit,
    message = `Invalid response from ${route}: ${describeIssues(issues)}`,
  ) {
    super(message, init);
    this.issues = issues;
  }
}

/**
 * An OK answer that is not JSON at all where the call reads JSON: not the API's words, most often
 * a Wi-Fi network's sign-in page or a proxy answering in its place. It says nothing of the
 * session: a refresh that meets one keeps it, as one that meets no answer does.
 */
export class UnreadableResponseError extends InvalidResponseError {
  override name = "UnreadableResponseError";
}

/** Names at most three issues, so the message stays one readable line. */
function describeIssues(issues: readonly ResponseIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => `${issue.path} ${issue.message}`.trim());
  const more = issues.length > shown.length ? ` (and ${issues.length - shown.length} more)` : "";
  return shown.join("; ") + more;
}
