// The label files beside the corpus's documents: what reading each one should propose.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { FrequencySchema, IsoDateSchema, TaskFrequencySchema } from "@life-admin/domain";
import * as z from "zod";
import type { CorpusDocument } from "./document-model.js";

export const LabelFileSchema = z.object({
  file: z.string(),
  format: z.enum(["pdf", "docx", "doc", "png", "jpeg"]),
  locale: z.enum(["uk", "us", "euro"]),
  heldOut: z.boolean(),
  today: IsoDateSchema,
  /** The uploader's name, as the reading job gives it to the rules. */
  person: z.string().min(1),
  expected: z.object({
    kind: z.enum(["task", "subscription"]),
    name: z.string().min(1),
    date: IsoDateSchema,
    amount: z.number().nullable(),
    currency: z.enum(["GBP", "USD", "EUR"]).nullable(),
    frequency: z.union([TaskFrequencySchema, FrequencySchema]),
  }),
  note: z.string().optional(),
});
export type LabelFile = z.infer<typeof LabelFileSchema>;

export const FILES_DIRECTORY = new URL("./files/", import.meta.url);

export function labelFileOf(document: CorpusDocument): LabelFile {
  return {
    file: `${document.id}.${document.format}`,
    format: document.format,
    locale: document.locale,
    heldOut: document.heldOut,
    today: document.today,
    person: document.person,
    expected: document.label,
    ...(document.note === undefined ? {} : { note: document.note }),
  };
}

/** Every label file in `directory`, by file name. */
export async function readLabelFiles(directory: URL = FILES_DIRECTORY): Promise<LabelFile[]> {
  const names = (await readdir(directory)).filter((name) => name.endsWith(".label.json")).sort();
  return Promise.all(
    names.map(async (name) =>
      LabelFileSchema.parse(JSON.parse(await readFile(join(directory.pathname, name), "utf8"))),
    ),
  );
}
