// DOCX: mammoth's raw text of the body, once the zip is known not to be a bomb. mammoth leaves
// headers and footers out, and a letterhead's sender (the name a bill is from) is often in the
// header, so their text is taken from word/header*.xml and word/footer*.xml: headers first, then
// the body, then footers, as for a DOC.
import mammoth from "mammoth";
import { type ExtractedText, UnreadableDocumentError } from "./document-text.js";
import type { ReadingLimits } from "./reading-threads.js";
import { tidyText } from "./tidy-text.js";
import { unzipEntry, zipCentralDirectory, zipExpansionProblem } from "./zip-archive.js";

const DAMAGED = "This Word document is damaged and cannot be read.";

const XML_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) {
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    }
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return XML_ENTITIES[name] ?? entity;
  });
}

/** A WordprocessingML part's text: its paragraphs' runs of text (w:t), a line per paragraph. */
function paragraphsOf(xml: string): string {
  return xml
    .split("</w:p>")
    .map((paragraph) =>
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
        .map((run) => decodeXmlText(run[1] ?? ""))
        .join(""),
    )
    .filter((line) => line.trim() !== "")
    .join("\n");
}

/** The text of the parts named like word/header1.xml (or footer), in their numbers' order. */
function partsText(bytes: Uint8Array, part: "header" | "footer"): string {
  const name = new RegExp(`^word/${part}(\\d*)\\.xml$`);
  const entries = (zipCentralDirectory(bytes) ?? [])
    .filter((entry) => name.test(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
  const decoder = new TextDecoder();
  return entries.map((entry) => paragraphsOf(decoder.decode(unzipEntry(bytes, entry)))).join("\n");
}

export async function readDocx(bytes: Uint8Array, limits: ReadingLimits): Promise<ExtractedText> {
  switch (zipExpansionProblem(bytes, limits.maxUnzippedBytes)) {
    case "damaged":
      throw new UnreadableDocumentError(DAMAGED);
    case "too-large":
      throw new UnreadableDocumentError("This Word document unpacks to more than can be read.");
    case null:
      break;
  }
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { value: body } = await mammoth.extractRawText({ buffer });
    const text = [partsText(bytes, "header"), body, partsText(bytes, "footer")].join("\n\n");
    return { text: tidyText(text), method: "docx", pages: 1, unsure: false };
  } catch (error) {
    throw new UnreadableDocumentError(DAMAGED, { cause: error });
  }
}
