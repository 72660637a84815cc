// What a call answers: the body openapi-fetch parsed, which the middleware has checked.
import { InvalidResponseError } from "./api-error.js";

/**
 * The middleware throws for every failure, so a result without data is an OK answer with an
 * empty body where the contract promises one.
 */
export function dataOf<T>(route: string, result: { data?: T; response: Response }): T {
  if (result.data !== undefined) return result.data;
  throw new InvalidResponseError(route, [{ path: "", message: "empty body" }], {
    status: result.response.status,
  });
}
