// `pnpm size`: the built package's weight as a browser downloads it (ESM, gzip), after `pnpm build`.
// Dependencies (openapi-fetch, @life-admin/domain with zod) are imported, not bundled, and not
// counted here.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const file = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const source = readFileSync(file);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
process.stdout.write(
  `dist/index.js: ${kib(source.length)} raw, ${kib(gzipSync(source, { level: 9 }).length)} gzip\n`,
);
