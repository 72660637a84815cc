// issue 23: in Family view each listed record says whose it is and who it is assigned to
// ("Ada's · assigned to you"), wherever it is listed (cards, agenda, modals). The web app
// provides what to say (loaded with the Family view); without a provider nothing is said.
import { createContext } from "react";

/** The line under a listed record's name, by its kind and id; undefined: none. */
export type RecordNoteOf = (kind: "task" | "subscription", id: number) => string | undefined;

export const RecordNotes = /* @__PURE__ */ createContext<RecordNoteOf | undefined>(undefined);
