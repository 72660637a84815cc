// issue 22: what POST /users/me/import answers: how many records the archive added, and how many
// the account had already (by uid), so that importing the same archive twice says "nothing new".
import * as z from "zod/mini";

const count = () => z.number().check(z.int(), z.minimum(0));

export const AccountImportReportSchema = /* @__PURE__ */ z.object({
  added: z.object({
    tasks: count(),
    subscriptions: count(),
    files: count(),
    /** The imported tasks' completions (their history). */
    completions: count(),
  }),
  /** The archive's records the account already had: left as they are. */
  skipped: z.object({ tasks: count(), subscriptions: count(), files: count() }),
});
export type AccountImportReport = z.infer<typeof AccountImportReportSchema>;
