// Constants vite.config.ts defines at build time.

/** VITE_API_BASE_URL as src/env-schema.ts validated it (no trailing slash). */
declare const __LIFE_ADMIN_API_BASE_URL__: string;
