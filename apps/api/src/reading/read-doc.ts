// DOC (Word 97-2003): word-extractor's text, the headers first (where a letterhead's sender is),
// then the body, text boxes, notes and footers.
import WordExtractor from "word-extractor";
import { type ExtractedText, UnreadableDocumentError } from "./document-text.js";
import { tidyText } from "./tidy-text.js";

export async function readDoc(bytes: Uint8Array): Promise<ExtractedText> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const document = await new WordExtractor().extract(buffer);
    const parts = [
      document.getHeaders({ includeFooters: false }),
      document.getBody(),
      document.getTextboxes(),
      document.getFootnotes(),
      document.getEndnotes(),
      document.getFooters(),
    ];
    return { text: tidyText(parts.join("\n\n")), method: "doc", pages: 1, unsure: false };
  } catch (error) {
    throw new UnreadableDocumentError("This Word document is damaged and cannot be read.", {
      cause: error,
    });
  }
}
