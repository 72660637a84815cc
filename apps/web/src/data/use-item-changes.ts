// issue 18: the dashboard's changes to its tasks and subscriptions (item-changes.ts): the records'
// controls (ItemActions) and what the edit dialog saves and deletes. Their code is not needed for
// the first paint (issue 7's budget): it is fetched beside the dashboard's data, from when this
// module runs, and a press made before it has arrived waits for it.
import { useEffect, useMemo, useRef } from "react";
import { useServices } from "../use-services";
import type { ItemChangeHandlers, ItemChangesDeps, ShownLists } from "./item-change-types";

const itemChangesModule = import("./item-changes");

export function useItemChanges(
  tasks: ShownLists["tasks"],
  subscriptions: ShownLists["subscriptions"],
  timeZone: ItemChangesDeps["timeZone"],
  userId: ItemChangesDeps["userId"],
  onEdit: ItemChangesDeps["onEdit"],
  onError: ItemChangesDeps["onError"],
  onNotice: ItemChangesDeps["onNotice"],
): ItemChangeHandlers {
  const { client, now, locale } = useServices();
  const lists = useRef({ tasks, subscriptions });
  useEffect(() => {
    lists.current = { tasks, subscriptions };
  });
  return useMemo(() => {
    let loaded: Promise<ItemChangeHandlers> | undefined;
    const load = () =>
      (loaded ??= itemChangesModule.then((module) =>
        module.itemChanges({
          client,
          now,
          timeZone,
          locale,
          userId,
          lists,
          onEdit,
          onError,
          onNotice,
        }),
      ));
    const later =
      <Name extends keyof ItemChangeHandlers>(name: Name) =>
      (...args: Parameters<ItemChangeHandlers[Name]>) =>
        load().then((handlers) =>
          (handlers[name] as (...values: typeof args) => Promise<void> | undefined)(...args),
        );
    return {
      onTaskComplete: later("onTaskComplete"),
      onTaskUndo: later("onTaskUndo"),
      onTaskSkip: later("onTaskSkip"),
      taskSettled: later("taskSettled"),
      onTaskEdit: later("onTaskEdit"),
      onSubscriptionEdit: later("onSubscriptionEdit"),
      onSubscriptionActive: later("onSubscriptionActive"),
      onTaskSave: later("onTaskSave"),
      onSubscriptionSave: later("onSubscriptionSave"),
      onDelete: later("onDelete"),
    };
  }, [client, now, timeZone, locale, userId, onEdit, onError, onNotice]);
}
