import { defineConfig } from "tsup";

// The server is an application, not a library: one ESM entry, dependencies stay in node_modules.
export default defineConfig({
  entry: ["src/server.ts"],
  format: ["esm"],
  clean: true,
  sourcemap: true,
  target: "node20",
});
