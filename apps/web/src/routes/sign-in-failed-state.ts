// The router state with which the callback page sends the browser to / after a failed sign-in,
// so that the sign-up page says so without a parameter in the address.

export const SIGN_IN_FAILED_STATE = { signInFailed: true } as const;

export function isSignInFailedState(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as { signInFailed?: unknown }).signInFailed === true
  );
}
