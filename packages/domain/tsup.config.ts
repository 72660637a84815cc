import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  // Browsers (the web app, api-client's users) and Node 24.
  target: ["es2022", "node24"],
});
