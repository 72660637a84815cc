// What a proposal may claim when its text is in doubt: OCR that read little real text (a page
// turned on its side, a photo out of focus) gives fields that match the rules by chance, and a
// field marked sure is one the person is not asked to check.
import { type FileProposal } from "./proposal.js";

/**
 * The most any field proposed from unsure text is given: a guess, under what the Upload form
 * takes as sure (0.7), so that every field found is shown to be checked.
 */
export const UNSURE_TEXT_CONFIDENCE = 0.4;

function atMost<Confidence extends Record<string, number>>(
  confidence: Confidence,
  ceiling: number,
): Confidence {
  const capped: Record<string, number> = {};
  for (const [field, value] of Object.entries(confidence)) capped[field] = Math.min(value, ceiling);
  // The same fields as given, each a number: the confidence schemas' shape.
  return capped as Confidence;
}

/** The proposal with no field's confidence over UNSURE_TEXT_CONFIDENCE (a placeholder's 0 stays). */
export function asUnsure(proposal: FileProposal): FileProposal {
  // One arm per kind, alike: so TypeScript keeps each kind's confidence with its kind.
  return proposal.kind === "task"
    ? { ...proposal, confidence: atMost(proposal.confidence, UNSURE_TEXT_CONFIDENCE) }
    : { ...proposal, confidence: atMost(proposal.confidence, UNSURE_TEXT_CONFIDENCE) };
}
