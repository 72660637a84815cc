import * as z from "zod/mini";

/** Records are numbered by the database; ids need not be gap-free. */
export const IdSchema = z.number().check(z.int(), z.positive());
export type Id = z.infer<typeof IdSchema>;
