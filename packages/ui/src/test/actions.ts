// Test-only: the records' callbacks (issue 18) as spies.
import { vi } from "vitest";
import type { ItemActions } from "../dashboard/item-actions";

export function spyActions() {
  return {
    onTaskComplete: vi.fn<ItemActions["onTaskComplete"]>(),
    onTaskEdit: vi.fn<ItemActions["onTaskEdit"]>(),
    onSubscriptionEdit: vi.fn<ItemActions["onSubscriptionEdit"]>(),
    onSubscriptionActive: vi.fn<ItemActions["onSubscriptionActive"]>(),
  } satisfies ItemActions;
}
