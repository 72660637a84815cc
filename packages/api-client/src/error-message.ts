// spec 8: the message a failed answer is shown with, taken from FastAPI's `detail` field.
import type { components } from "./schema.js";

/** One item of FastAPI's 422 list. */
export type ValidationIssue = components["schemas"]["ValidationError"];

/** The body's `detail` field: FastAPI's text, or its 422 list. */
export type ApiErrorDetail = string | ValidationIssue[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isValidationIssue(value: unknown): value is ValidationIssue {
  return (
    isRecord(value) &&
    typeof value.msg === "string" &&
    typeof value.type === "string" &&
    Array.isArray(value.loc) &&
    value.loc.every((part) => typeof part === "string" || typeof part === "number")
  );
}

/** The body's `detail` when it has FastAPI's shape (text, or the 422 list), else null. */
export function detailOf(body: unknown): ApiErrorDetail | null {
  if (!isRecord(body)) return null;
  const { detail } = body;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail) && detail.every(isValidationIssue)) return detail;
  return null;
}

/** spec 8: 401, 422 and every other non-OK status. */
export function errorMessage(status: number, detail: ApiErrorDetail | null): string {
  const text = typeof detail === "string" && detail !== "" ? detail : null;
  if (status === 401) return text ?? "Unauthorized - Please log in again";
  if (status === 422) {
    const first = Array.isArray(detail) ? detail[0]?.msg : undefined;
    return first || text || "Validation error";
  }
  return text ?? `Request failed with status ${status}`;
}
