import * as z from "zod";

/** Records are numbered by the database; ids need not be gap-free. */
export const IdSchema = z.number().int().positive();
export type Id = z.infer<typeof IdSchema>;
