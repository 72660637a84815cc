// Rough figures for the text extractor (src/reading), not the benchmark: how long one file of each
// kind takes, the first (a fresh extractor: its thread starts, and OCR's engine with the first
// image) and then warm (the median of the runs), and how long the API's event loop was held at
// most meanwhile, and how busy it was (little: the work is in the threads). Usage, in apps/api:
// `pnpm exec tsx scripts/reading-figures.ts [runs]` (default 5).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Document, Packer, Paragraph } from "docx";
import {
  type DocumentKind,
  type ExtractedText,
  createTextExtractor,
} from "../src/reading/extract-text.js";
import {
  NORTHWIND_BILL,
  billPhoto,
  scannedPdf,
  textPdf,
} from "../test/support/reading-documents.js";

const runs = Number(process.argv[2] ?? 5);

const samples: { name: string; kind: DocumentKind; bytes: Uint8Array }[] = [
  { name: "one-page PDF (text layer)", kind: "pdf", bytes: await textPdf([NORTHWIND_BILL]) },
  {
    name: "DOCX",
    kind: "docx",
    bytes: await Packer.toBuffer(
      new Document({ sections: [{ children: NORTHWIND_BILL.map((l) => new Paragraph(l)) }] }),
    ),
  },
  {
    name: "photo, 12 MP JPEG (tilted, blurred, noisy)",
    kind: "jpeg",
    bytes: billPhoto({
      width: 4032,
      height: 3024,
      angle: 4,
      blur: 2,
      noise: 50,
      fontSize: 90,
      format: "jpeg",
    }),
  },
  {
    name: "scanned one-page PDF (OCR)",
    kind: "pdf",
    bytes: await scannedPdf(billPhoto({ width: 2480, height: 3508, fontSize: 60 })),
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timed(read: () => Promise<ExtractedText>): Promise<number> {
  const start = performance.now();
  await read();
  return performance.now() - start;
}

const loop = monitorEventLoopDelay({ resolution: 10 });
// The same measure with nothing being read: on a busy machine the loop waits for a core anyway.
loop.enable();
await new Promise((resolve) => setTimeout(resolve, 3000));
loop.disable();
console.log(`idle for 3 s: event loop held at most ${(loop.max / 1e6).toFixed(0)} ms`);
for (const { name, kind, bytes } of samples) {
  const extractor = createTextExtractor();
  loop.reset();
  loop.enable();
  const before = performance.eventLoopUtilization();
  const first = await timed(() => extractor.extract(bytes, kind));
  const warm: number[] = [];
  for (let run = 0; run < runs; run++) warm.push(await timed(() => extractor.extract(bytes, kind)));
  loop.disable();
  // The share of the time the API's thread was busy (0 to 1), rather than waiting for the threads.
  const busy = performance.eventLoopUtilization(before).utilization;
  await extractor.close();
  const heldMs = loop.max / 1e6;
  console.log(
    `${name.padEnd(44)} first ${first.toFixed(0).padStart(5)} ms   warm ${median(warm).toFixed(0).padStart(5)} ms   event loop held at most ${heldMs.toFixed(0)} ms, busy ${(busy * 100).toFixed(1)}%`,
  );
}
