// The failures a route throws for its caller: each carries its status and FastAPI's detail
// (decisions D1), and error-response.ts writes the body.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A failure with a status and a message for the caller. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

/** 401 with the challenge RFC 6750 asks for. */
export class UnauthorizedError extends ApiError {
  constructor(detail: string) {
    super(401, detail, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
    this.name = "UnauthorizedError";
  }
}

/** 422 naming each bad field. */
export class ValidationError extends Error {
  constructor(readonly items: ValidationItem[]) {
    super(items.map((i) => `${i.loc.join(".")}: ${i.msg}`).join("; "));
    this.name = "ValidationError";
  }
}
