// A DocumentReader for job-engine tests that reads nothing itself: it says what kinds it was given
// and answers `answer`'s text, with the proposal the reading threads would make from it.
import { proposeFromText } from "@life-admin/domain/reading";
import type {
  DocumentKind,
  DocumentReader,
  ExtractedText,
} from "../../src/reading/extract-text.js";

export function fakeExtractor(answer: (kind: DocumentKind) => Promise<ExtractedText>) {
  const calls: DocumentKind[] = [];
  const extractor: DocumentReader = {
    async read(_bytes, kind, proposing) {
      calls.push(kind);
      const text = await answer(kind);
      return { text, proposal: proposeFromText(text.text, proposing) };
    },
    close: () => Promise.resolve(),
  };
  return { extractor, calls };
}
