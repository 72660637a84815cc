// issue 22, decisions D15: GET /users/me/export, everything of the person's as one ZIP
// (export/account-zip.ts), sent as it is written.
import { calendarDateIn } from "@life-admin/domain";
import { requireUser } from "../auth/require-user.js";
import { fileStoreOf } from "../db/files.js";
import type { AppDeps } from "../deps.js";
import { accountZip } from "../export/account-zip.js";
import { currencyOfAcceptLanguage } from "../http/locale-currency.js";
import { okBytes, signedInRoutes } from "../http/route-group.js";

export const ZIP_TYPE = "application/zip";

/** The download's name, dated by the person's own calendar: life-admin-export-2026-11-27.zip. */
export function exportFileName(now: Date, timeZone: string): string {
  return `life-admin-export-${calendarDateIn(now, timeZone)}.zip`;
}

export function accountExportRoutes(deps: AppDeps) {
  const routes = signedInRoutes("users", requireUser(deps.tokens));
  const { db } = deps.database;
  const store = fileStoreOf(deps.database);
  const host = new URL(deps.config.publicApiUrl).hostname;

  routes.get(
    "/users/me/export",
    {
      summary: "Everything of the signed-in user's, as a ZIP",
      description:
        "`data.json` (the account archive: settings, tasks with their completions, " +
        "subscriptions and files, with a format and version), `tasks.csv` and " +
        "`subscriptions.csv` (RFC 4180, UTF-8, a header row), `calendar.ics` (the calendar " +
        "feed's iCalendar) and `files/<uid>/<name>` (each file's original bytes). Sent as it is " +
        "written (chunked, no Content-Length), as an attachment; POST /users/me/import takes it back.",
      answer: okBytes([ZIP_TYPE], "The ZIP"),
    },
    ({ c, user }) => {
      const now = deps.now();
      const body = accountZip({
        db,
        store,
        filesKey: deps.filesKey,
        logger: deps.logger,
        host,
        user,
        // issue 22: as the feed writes its costs: the person's currency, or their region's.
        calendarCurrency:
          user.currency ?? currencyOfAcceptLanguage(c.req.header("Accept-Language")),
        now,
      });
      return c.body(body, 200, {
        "Content-Type": ZIP_TYPE,
        "Content-Disposition": `attachment; filename="${exportFileName(now, user.timeZone)}"`,
        "Cache-Control": "no-store",
      });
    },
  );

  return routes.app;
}
