// What the API suite's global set-up hands every test file (vitest's provide and inject).
declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite template's path (pglite-template.ts); absent on PostgreSQL. */
    migratedPglite?: string;
  }
}

export {};
