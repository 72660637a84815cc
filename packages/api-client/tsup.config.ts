import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  tsconfig: "tsconfig.lib.json",
  // tsup's declaration build sets `baseUrl`, which TypeScript 6 deprecates (toolchain.md).
  dts: { compilerOptions: { ignoreDeprecations: "6.0" } },
  clean: true,
  sourcemap: true,
  // Browsers and Node 20 (architecture.md); the domain package and openapi-fetch stay imports.
  platform: "neutral",
  target: "es2022",
});
