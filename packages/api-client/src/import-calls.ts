// issue 22: the account import's call, `@life-admin/api-client/import`: loaded with the settings
// screen that uses it, not in the web app's first download. The ZIP of an export goes back as
// POST /users/me/import's form (the field "file", as an upload), and the answer says what was
// added and what the account had already. A ZIP can be large: as with an upload (file-calls.ts),
// `importForm` and `IMPORT_PATH` say how to send it another way when its progress is to be shown,
// and `checked` and `refused` read that answer as the client would.
import { type AccountImportReport, AccountImportReportSchema } from "@life-admin/domain/account";
import { type ApiError, apiErrorOf } from "./api-error.js";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import { type FileToSend, fileForm } from "./file-form.js";
import { addResponseRules, matches } from "./middleware/response-validation.js";

export type { AccountImportReport };

/** Where an import is POSTed, under the API's base URL. */
export const IMPORT_PATH = "/users/me/import";

/** The form an import sends: the ZIP in the field "file", under its name. */
export function importForm(zip: FileToSend, name = zip instanceof File ? zip.name : "import.zip") {
  return fileForm(zip, name);
}

export interface ImportCalls {
  /**
   * Brings the ZIP of an export into the signed-in account: what it added, what was there. A Blob
   * or File, or its bytes (a Buffer from `readFile`).
   */
  import: (zip: FileToSend, name?: string) => Promise<AccountImportReport>;
  /** An import's answer read outside the client (`importForm` sent another way), checked. */
  checked: (body: unknown) => AccountImportReport;
  /** An import's refusal read outside the client: the ApiError the client would throw. */
  refused: (status: number, body: unknown) => ApiError;
}

export function importCalls({ http }: Pick<LifeAdminClient, "http">): ImportCalls {
  const route = `POST ${IMPORT_PATH}`;
  addResponseRules({ [route]: matches(AccountImportReportSchema) });
  const check = matches(AccountImportReportSchema);
  return {
    async import(zip, name) {
      const result = await http.POST(IMPORT_PATH, {
        // The form as it is: its Content-Type carries the boundary (middleware/json-headers.ts).
        body: importForm(zip, name) as never,
        bodySerializer: (form: unknown) => form as FormData,
      });
      return dataOf(route, result);
    },
    checked(body) {
      return check({ route, status: 200, body }) as AccountImportReport;
    },
    refused: apiErrorOf,
  };
}
