// Regenerates the labelled corpus in ./files: each document in its format and its label file.
//   pnpm --filter @life-admin/api corpus:generate [-- --labels-only] [id ...]
// DOC files are converted from DOCX by LibreOffice (`soffice`, e.g. apt-get install
// libreoffice-writer-nogui); the generated files are committed, so nothing else needs it.
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import type { CorpusDocument } from "./document-model.js";
import { CORPUS } from "./documents.js";
import { FILES_DIRECTORY, labelFileOf } from "./labels.js";
import { renderDocx } from "./render-docx.js";
import { renderImage } from "./render-image.js";
import { renderPdf } from "./render-pdf.js";

async function bytesOf(document: CorpusDocument, scratch: string): Promise<Uint8Array> {
  switch (document.format) {
    case "pdf":
      return renderPdf(document);
    case "docx":
      return renderDocx(document);
    case "doc":
      return convertToDoc(document, scratch);
    case "png":
    case "jpeg":
      return renderImage(document, document.format);
    default: {
      const unknown: never = document.format;
      throw new Error(`Unknown format ${String(unknown)}`);
    }
  }
}

async function convertToDoc(document: CorpusDocument, scratch: string): Promise<Uint8Array> {
  const docx = join(scratch, `${document.id}.docx`);
  await writeFile(docx, await renderDocx(document));
  execFileSync(
    "soffice",
    [
      // A profile of its own, so a running LibreOffice does not take the job.
      `-env:UserInstallation=file://${join(scratch, "profile")}`,
      "--headless",
      "--convert-to",
      "doc",
      "--outdir",
      scratch,
      docx,
    ],
    { stdio: "ignore" },
  );
  return new Uint8Array(await readFile(join(scratch, `${document.id}.doc`)));
}

// Named documents only, when ids are given; with --labels-only, the label files alone: DOCX and DOC
// carry the time they were made, so remaking them all changes files that did not change.
const { values: options, positionals: ids } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: { "labels-only": { type: "boolean", default: false } },
  allowPositionals: true,
});
const unknown = ids.filter((id) => !CORPUS.some((document) => document.id === id));
if (unknown.length > 0) throw new Error(`No such corpus document: ${unknown.join(", ")}`);
const chosen = ids.length === 0 ? CORPUS : CORPUS.filter((document) => ids.includes(document.id));

const directory = fileURLToPath(FILES_DIRECTORY);
await mkdir(directory, { recursive: true });
const scratch = await mkdtemp(join(tmpdir(), "life-admin-corpus-"));
try {
  for (const document of chosen) {
    const label = labelFileOf(document);
    await writeFile(
      join(directory, `${document.id}.label.json`),
      `${JSON.stringify(label, null, 2)}\n`,
    );
    if (options["labels-only"]) continue;
    const bytes = await bytesOf(document, scratch);
    await writeFile(join(directory, label.file), bytes);
    console.log(`${label.file.padEnd(40)} ${(bytes.length / 1024).toFixed(0).padStart(5)} KiB`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
