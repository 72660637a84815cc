// What the reading rules propose from a file's extracted text, with what is known besides it; text
// that OCR could barely read proposes nothing as sure. Called on a reading thread (reading-thread.ts),
// never on the API's: the rules' module is loaded there only.
import {
  type FileProposal,
  type ProposalContext,
  proposeFromText,
} from "@life-admin/domain/reading";
import type { ExtractedText } from "./document-text.js";

export function proposalOf(text: ExtractedText, context: ProposalContext): FileProposal {
  return proposeFromText(text.text, { ...context, textIsUnsure: text.unsure });
}
