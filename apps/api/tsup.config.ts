import { defineConfig } from "tsup";

// The server is an application, not a library: one ESM entry; dependencies stay in node_modules,
// but for drizzle-orm. Its package.json holds 179 kB of exports, and Node 24 reads that file's
// fields again for each of the ~100 drizzle-orm modules the server loads (to tell each one's
// module type): 250 ms of every start, measured in a CPU profile. Bundled, it costs nothing.
export default defineConfig({
  // The reading thread is a script of its own (reading/reading-threads.ts starts it by file name).
  entry: {
    server: "src/server.ts",
    worker: "src/worker.ts",
    "reading-thread": "src/reading/reading-thread.ts",
  },
  format: ["esm"],
  clean: true,
  sourcemap: true,
  target: "node24",
  noExternal: ["drizzle-orm"],
});
