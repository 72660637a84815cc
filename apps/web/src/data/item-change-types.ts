// issue 18: what the dashboard's changes to its records are made of (item-changes.ts) and what
// they hand the page (use-item-changes.ts): types only, so that neither imports the other.
import type { LifeAdminClient } from "@life-admin/api-client";
import type { Subscription, Task } from "@life-admin/domain";
import type { ItemActions } from "@life-admin/ui";
import type { Dispatch, SetStateAction } from "react";
import type { ItemDialogProps } from "../forms/item-dialog";
import type { ResourceHandle } from "./use-resource";

/** The changes; a task's download (issue 19) is no change: the list modals add it. */
export type ItemChangeHandlers = Omit<ItemActions, "onTaskDownload"> &
  Pick<
    ItemDialogProps,
    "onTaskUndo" | "onTaskSkip" | "taskSettled" | "onTaskSave" | "onSubscriptionSave" | "onDelete"
  >;

/** The lists as last rendered: where a change finds a record by its id, and changes it. */
export interface ShownLists {
  tasks: ResourceHandle<Task[]>;
  subscriptions: ResourceHandle<Subscription[]>;
}

export interface ItemChangesDeps {
  client: LifeAdminClient;
  /**
   * The clock and the person's time zone, the dashboard's today's (todayZone; the runtime's when
   * undefined): where a task done goes, as the API, which counts in their zone, will move it.
   */
  now: () => Date;
  timeZone: string | undefined;
  /**
   * The signed-in person's id, once their profile is loaded: a record of someone else's (shared
   * with them) that the API no longer finds may only have stopped being shared.
   */
  userId: number | undefined;
  /** The lists as last rendered (a ref: always the current ones). */
  lists: { current: ShownLists };
  /** Opens a record's edit form. */
  onEdit: (
    item: { kind: "task"; task: Task } | { kind: "subscription"; subscription: Subscription },
  ) => void;
  /** A refusal's message above the page, or null when a new change starts. */
  onError: (message: string | null) => void;
  /**
   * What a change did, with a way to undo it, or null: shown at the foot of the page (a state
   * setter: given the notice shown, a change can take back only its own).
   */
  onNotice: Dispatch<SetStateAction<ChangeNotice | null>>;
  /** How dates are written, as the rows write them. */
  locale: string | undefined;
}

export interface ChangeNotice {
  message: string;
  onUndo?: () => void;
  /**
   * The task a completion's (or a skip's) notice is about: undone another way, its Undo has
   * nothing left.
   */
  doneTaskId?: number;
}
