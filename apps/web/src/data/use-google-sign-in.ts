// GET /auth/google/login (spec 4, 7): sign-in start. The button goes "redirecting", asks for the
// authorization URL and sends the browser there; on failure it goes back with an error.
import type { GoogleSignInStatus } from "@life-admin/ui";
import { useState } from "react";
import { useServices } from "../use-services";

export interface GoogleSignIn {
  status: GoogleSignInStatus;
  start: () => Promise<void>;
}

export function useGoogleSignIn(): GoogleSignIn {
  const { client, assign } = useServices();
  const [status, setStatus] = useState<GoogleSignInStatus>("idle");

  async function start() {
    setStatus("redirecting");
    try {
      assign(await client.auth.googleLoginUrl());
      // The browser is leaving: the page stays "redirecting" until it has gone.
    } catch (error) {
      console.error(error);
      setStatus("error");
    }
  }

  return { status, start };
}
