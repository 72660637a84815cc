// Test-only: what a call rejected with, checked to be an ApiError.
import { expect } from "vitest";
import { ApiError } from "../api-error.js";

export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const outcome: unknown = await promise.then(
    () => new Error("expected the call to fail"),
    (reason: unknown) => reason,
  );
  expect(outcome).toBeInstanceOf(ApiError);
  return outcome as ApiError;
}
