import { defineConfig } from "tsup";

export default defineConfig({
  // forms: an entry of its own, built whole (no chunk shared with the index), so that a bundler
  // puts it only where it is imported (src/forms.ts).
  entry: ["src/index.ts", "src/forms.ts"],
  splitting: false,
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  // Browsers (the web app, api-client's users) and Node 24.
  target: ["es2022", "node24"],
});
