// What the address said when the page loaded (landing.ts), for the sign-up and callback pages.
import { createContext, useContext } from "react";
import { NO_LANDING, type Landing } from "./landing";

export const LandingContext = createContext<Landing>(NO_LANDING);

export function useLanding(): Landing {
  return useContext(LandingContext);
}
