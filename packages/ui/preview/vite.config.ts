// Development preview of @life-admin/ui: every component with plain example data.
// Not part of the product: nothing imports it, and it is never built or deployed.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
  server: { host: "127.0.0.1", port: 5199, strictPort: true },
});
