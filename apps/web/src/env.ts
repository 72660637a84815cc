// The web app's configuration. It is validated once, when Vite builds (or serves) the app:
// vite.config.ts reads the environment with env-schema.ts, stops on a bad value, and defines the
// result as a constant. So the browser neither reads import.meta.env nor carries the checks.
// Only what the browser uses: the API's origin is the build's (vite.config.ts, for the security
// headers), and here it was a `new URL` the minifier must keep in the first download (issue 7).
import type { WebEnv } from "./env-schema";

export const env: Pick<WebEnv, "apiBaseUrl"> = {
  apiBaseUrl: __LIFE_ADMIN_API_BASE_URL__,
};
