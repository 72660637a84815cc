// GET /auth/google/login (spec 4, 7): sign-in start. The button goes "redirecting", binds the
// sign-in to this tab (decisions D2: a new secret kept in sessionStorage, its hash sent with the
// login), asks for the authorization URL and sends the browser there; on failure it goes back
// with an error.
import { createBrowserBinding } from "@life-admin/api-client";
import type { GoogleSignInStatus } from "@life-admin/ui";
import { useState } from "react";
import { keepSignInSecret } from "../session/sign-in-secret";
import { useServices } from "../use-services";

export interface GoogleSignIn {
  status: GoogleSignInStatus;
  start: () => Promise<void>;
}

export function useGoogleSignIn(): GoogleSignIn {
  const { client, assign, signInSecrets } = useServices();
  const [status, setStatus] = useState<GoogleSignInStatus>("idle");

  async function start() {
    setStatus("redirecting");
    try {
      const binding = await createBrowserBinding();
      keepSignInSecret(signInSecrets, binding.verifier);
      assign(await client.auth.googleLoginUrl(binding.challenge));
      // The browser is leaving: the page stays "redirecting" until it has gone.
    } catch (error) {
      console.error(error);
      setStatus("error");
    }
  }

  return { status, start };
}
