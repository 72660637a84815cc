// issue 23: in Family view each listed record says whose it is and who it is assigned to
// ("Ada's · assigned to you"), and in My View one another member assigned to the person says who
// it is from ("From Ada"), wherever it is listed (cards, agenda, modals). The web app provides
// what to say (loaded when wanted); without a provider nothing is said.
import { createContext } from "react";

/** The line under a listed record's name, by its kind and id; undefined: none. */
export type RecordNoteOf = (kind: "task" | "subscription", id: number) => string | undefined;

export const RecordNotes = /* @__PURE__ */ createContext<RecordNoteOf | undefined>(undefined);
