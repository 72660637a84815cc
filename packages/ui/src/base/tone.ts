// The colour names components share: a task's priority, a renewal, or neither.
import type { AgendaTone } from "@life-admin/domain";

export type Tone = AgendaTone | "neutral" | "info";

/** What a colour means, in words, for readers who cannot see it. */
export function toneLabel(tone: AgendaTone): string {
  switch (tone) {
    case "high":
      return "High priority task";
    case "medium":
      return "Medium priority task";
    case "low":
      return "Low priority task";
    case "renewal":
      return "Subscription renewal";
    default: {
      const unknown: never = tone;
      throw new Error(`Unknown tone: ${String(unknown)}`);
    }
  }
}
