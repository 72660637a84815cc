import { defineConfig } from "drizzle-kit";

// `pnpm db:generate` writes SQL migrations from the schema; they are committed and applied at
// start-up by src/db/migrate.ts (never `drizzle-kit push`: toolchain.md).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
