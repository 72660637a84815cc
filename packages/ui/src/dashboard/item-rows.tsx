// The controls of a listed task or subscription (issue 18), wherever it is listed, and the cards'
// row made of them: the name opens the record's edit form, and a task's own occurrence can be
// marked done or not done (a later repeat of a recurring task, or a renewal, only opens). issue
// 23: in Family view the name is followed by whose the record is and who it is assigned to, in My
// View by who assigned it to the person (record-notes.ts).
import type { AgendaEvent } from "@life-admin/domain";
import { useContext, useId } from "react";
import { CardRow, type CardRowProps } from "../base/card";
import { CompleteButton, ItemTitleButton } from "../base/item-controls";
import type { ItemActions } from "./item-actions";
import { RecordNotes } from "./record-notes";

/** A listed record: a task or a subscription, by its id, with the name shown. */
export interface ListedItem {
  kind: "task" | "subscription";
  id: number;
  title: string;
  /** A task's state where it can be marked done here; left out for a repeat or a subscription. */
  completed?: boolean;
}

/** An agenda event as the record it is an occurrence of. */
export function eventItem({ kind, id, title, repeat }: AgendaEvent): ListedItem {
  if (kind === "renewal") return { kind: "subscription", id, title };
  return { kind, id, title, completed: repeat ? undefined : false };
}

/** The record's name as a button, its "Mark done" if it has one, and the name's id. */
export function useItemControls(item: ListedItem, actions: ItemActions) {
  const titleId = useId();
  const { kind, id, completed } = item;
  const note = useContext(RecordNotes)?.(kind, id);
  return {
    titleId,
    complete: completed !== undefined && (
      <CompleteButton
        completed={completed}
        titleId={titleId}
        onChange={(done) => {
          actions.onTaskComplete(id, done);
        }}
      />
    ),
    title: (
      <ItemTitleButton
        id={titleId}
        record={`${kind}-${id}`}
        onClick={() => {
          if (kind === "task") actions.onTaskEdit(id);
          else actions.onSubscriptionEdit(id);
        }}
      >
        {/* Isolated (UAX #9): a right-to-left title keeps its digits and closing punctuation where
            its script reads them, inside this left-to-right page. */}
        <bdi>{item.title}</bdi>
        {note && <small>{note}</small>}
      </ItemTitleButton>
    ),
  };
}

export function ItemRow({
  item,
  actions,
  lead,
  ...row
}: Omit<CardRowProps, "title"> & { item: ListedItem; actions: ItemActions }) {
  const { complete, title } = useItemControls(item, actions);
  return (
    <CardRow
      {...row}
      lead={
        <>
          {complete}
          {lead}
        </>
      }
      title={title}
    />
  );
}
