import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  tsconfig: "tsconfig.lib.json",
  dts: true,
  clean: true,
  sourcemap: true,
  // Browsers and Node 24 (architecture.md); the domain package and openapi-fetch stay imports.
  platform: "neutral",
  target: "es2022",
});
