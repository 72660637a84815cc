// What the address said when the page loaded (landing.ts), for the sign-up and callback pages,
// and what came of the callback's code (finish-sign-in.ts).
import { createContext, useContext } from "react";
import type { SignInOutcome } from "./finish-sign-in";
import { NO_LANDING, type Landing } from "./landing";

export interface LandingState {
  landing: Landing;
  /** The callback's exchange; null on any other page. */
  signIn: Promise<SignInOutcome> | null;
}

export const LandingContext = createContext<LandingState>({ landing: NO_LANDING, signIn: null });

export function useLanding(): Landing {
  return useContext(LandingContext).landing;
}

export function useSignInOutcome(): Promise<SignInOutcome> | null {
  return useContext(LandingContext).signIn;
}
