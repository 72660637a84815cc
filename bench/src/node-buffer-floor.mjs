// What plain Node grows by when bytes pass through it one piece at a time and nothing is kept
// (BENCHMARKS.md, "Export", session 20): the floor under the export's first-export growth. V8
// frees dead Buffers once 64 MiB of them have been allocated since its last collection, and
// glibc keeps what is freed. `node bench/src/node-buffer-floor.mjs` prints, for three rounds each:
// 250 and 500 files of 2 MB taken as the export takes them (64 KiB chunks, joined, decrypted,
// hashed), and 500 MB as 64 KiB buffers alone. Each case runs in a fresh process, since the first
// round is the one that grows. Nothing of the API's runs here.
import { execFileSync } from "node:child_process";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { setImmediate as turn } from "node:timers/promises";

const MiB = 2 ** 20;
const CHUNK = 64 * 1024;
const ROUNDS = 3;

const rss = () => process.memoryUsage().rss / MiB;

/** Runs `pieces` pieces of work in rounds, printing each round's peak RSS growth. */
async function peakGrowth(label, pieces, piece) {
  const growths = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = rss();
    let peak = before;
    for (let n = 0; n < pieces; n++) {
      piece();
      await turn(); // as a stream gives the event loop a turn between writes
      peak = Math.max(peak, rss());
    }
    growths.push(Math.round(peak - before));
  }
  console.log(`${label}: peak RSS growth by round ${growths.join(", ")} MiB`);
}

/** A stored file's encrypted 2 MB, and a function taking it as the export takes a file. */
function exportOfOneFile() {
  const key = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(randomBytes(2 * MiB)), cipher.final()]);
  const tag = cipher.getAuthTag();
  // Read in socket-sized chunks, joined, decrypted, hashed.
  return () => {
    const chunks = [];
    for (let at = 0; at < ciphertext.length; at += CHUNK) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, ciphertext.length - at));
      ciphertext.copy(chunk, 0, at, at + chunk.length);
      chunks.push(chunk);
    }
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAuthTag(tag);
    const plaintext = decipher.update(Buffer.concat(chunks));
    decipher.final();
    createHash("sha256").update(plaintext).digest();
  };
}

const CASES = {
  "250 files of 2 MB": () => peakGrowth("250 files of 2 MB", 250, exportOfOneFile()),
  "500 files of 2 MB": () => peakGrowth("500 files of 2 MB", 500, exportOfOneFile()),
  // 32 buffers of 64 KiB (2 MB) between two turns of the event loop, 250 times: 500 MB.
  "500 MB as 64 KiB buffers": () =>
    peakGrowth("500 MB as 64 KiB buffers", 250, () => {
      for (let n = 0; n < 32; n++) Buffer.allocUnsafe(CHUNK).fill(n);
    }),
};

const chosen = process.argv[2];
if (chosen === undefined) {
  const self = fileURLToPath(import.meta.url);
  for (const name of Object.keys(CASES)) {
    execFileSync(process.execPath, [self, name], { stdio: "inherit" });
  }
} else {
  const run = CASES[chosen];
  if (run === undefined) throw new Error(`no such case: ${chosen}`);
  await run();
}
