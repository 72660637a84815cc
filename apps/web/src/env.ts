// The web app's configuration. It is validated once, when Vite builds (or serves) the app:
// vite.config.ts reads the environment with env-schema.ts, stops on a bad value, and defines the
// result as a constant. So the browser neither reads import.meta.env nor carries the checks.
import type { WebEnv } from "./env-schema";

export const env: WebEnv = {
  apiBaseUrl: __LIFE_ADMIN_API_BASE_URL__,
  apiOrigin: new URL(__LIFE_ADMIN_API_BASE_URL__).origin,
};
