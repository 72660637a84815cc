// Issue 21, decisions D14: the pure rules that turn a document's text into a proposal.
import { type FileProposal, type ProposalContext } from "./proposal.js";

/**
 * A task or subscription proposed from a document's text (pure: no I/O, "today" passed in). Every
 * field is filled so the body validates; what the text did not show has confidence 0.
 */
export function proposeFromText(text: string, context: ProposalContext): FileProposal {
  const title = text.trim().split("\n")[0]?.trim() || context.fileName || "Review document";
  return {
    kind: "task",
    task: {
      title: title.slice(0, 200),
      due_date: `${context.today}T00:00:00Z`,
      frequency: "Once",
      priority: "Medium",
    },
    amount: null,
    currency: null,
    confidence: { kind: 0, title: 0, due_date: 0, frequency: 0, amount: 0, currency: 0 },
  };
}
