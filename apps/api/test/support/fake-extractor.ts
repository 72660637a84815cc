// A DocumentReader for job-engine tests that reads nothing itself: it says what kinds it was given,
// and with what besides the bytes, and answers `answer`'s text, with the proposal the reading
// threads would make from it.
import type { ProposalContext } from "@life-admin/domain/reading";
import type {
  DocumentKind,
  DocumentReader,
  ExtractedText,
} from "../../src/reading/extract-text.js";
import { proposalOf } from "../../src/reading/proposal-of.js";

export function fakeExtractor(answer: (kind: DocumentKind) => Promise<ExtractedText>) {
  const calls: DocumentKind[] = [];
  const contexts: ProposalContext[] = [];
  const extractor: DocumentReader = {
    async read(_bytes, kind, proposing) {
      calls.push(kind);
      contexts.push(proposing);
      const text = await answer(kind);
      return { text, proposal: proposalOf(text, proposing) };
    },
    close: () => Promise.resolve(),
  };
  return { extractor, calls, contexts };
}
