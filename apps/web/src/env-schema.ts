// The web app's build-time configuration (decisions D1: the API's base URL is configuration),
// validated with zod. Pure: src/env.ts hands it import.meta.env, vite.config.ts what loadEnv read.
import * as z from "zod/mini";

/** The local API started by `pnpm start` (apps/api's defaults). */
export const DEFAULT_API_BASE_URL = "http://127.0.0.1:8000";

/** An empty value counts as unset, so `VITE_API_BASE_URL=` falls back to the default. */
function emptyAsUnset(value: unknown): unknown {
  return value === "" ? undefined : value;
}

export const EnvSchema = z.object({
  VITE_API_BASE_URL: z.pipe(
    z.pipe(
      z.transform(emptyAsUnset),
      z._default(
        z.url({
          protocol: /^https?$/,
          error: "must be an http:// or https:// address, e.g. http://127.0.0.1:8000",
        }),
        DEFAULT_API_BASE_URL,
      ),
    ),
    // The client joins paths to it ("/tasks/"): no trailing slash.
    z.transform((url: string) => url.replace(/\/+$/, "")),
  ),
});

export interface WebEnv {
  /** Where the API answers, without a trailing slash. */
  apiBaseUrl: string;
  /** The API's origin, for the Content Security Policy's connect-src. */
  apiOrigin: string;
}

/** Reads the configuration; a bad one throws one error naming every bad variable. */
export function parseEnv(source: Record<string, unknown>): WebEnv {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.map(String).join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid web app configuration:\n  ${problems.join("\n  ")}`);
  }
  const apiBaseUrl = result.data.VITE_API_BASE_URL;
  return { apiBaseUrl, apiOrigin: new URL(apiBaseUrl).origin };
}
