// What the add and edit dialog (item-dialog.tsx) opens on, named apart from it so that what opens
// it (the dashboard, the upload, a kept form) names them without loading it.
import type { Subscription, Task } from "@life-admin/domain";
import type { FileProposal } from "@life-admin/domain/reading";

/** The record an edit dialog opens on (issue 18). */
export type EditedItem =
  { kind: "task"; task: Task } | { kind: "subscription"; subscription: Subscription };

/** The stored file an add dialog starts from (issue 21), with what was read from it. */
export interface SourceDocument {
  id: number;
  name: string;
  proposal: FileProposal | null;
}
