// issue 22: the account export's call, `@life-admin/api-client/export`: loaded with the settings
// screen that uses it, not in the web app's first download. The ZIP comes as a Blob with the name
// the API gives it (Content-Disposition), through the client like every call: the bearer token,
// refresh-and-retry once, the API's refusals as ApiErrors.
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";

/** The name to save the ZIP under when the answer names none. */
export const EXPORT_FALLBACK_NAME = "life-admin-export.zip";

export interface AccountExport {
  /** The ZIP: data.json, tasks.csv, subscriptions.csv, calendar.ics and files/. */
  zip: Blob;
  /** What the API named it: life-admin-export-<the person's date>.zip. */
  fileName: string;
}

export interface ExportCalls {
  /** Everything of the signed-in person's, as a ZIP to save (GET /users/me/export). */
  export: () => Promise<AccountExport>;
}

/**
 * The file name of a `Content-Disposition: attachment` header (RFC 6266): `filename*` in UTF-8
 * when given, else `filename`, quoted or not; null when it names none. Never a path: what
 * follows the last slash or backslash.
 */
export function attachmentFileName(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (extended !== undefined) {
    try {
      name = decodeURIComponent(extended);
    } catch {
      name = undefined;
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = (plain?.[1] ?? plain?.[2])?.replace(/\\(.)/g, "$1");
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base === undefined || base === "" ? null : base;
}

export function exportCalls({ http }: Pick<LifeAdminClient, "http">): ExportCalls {
  return {
    async export() {
      const result = await http.GET("/users/me/export", { parseAs: "blob" });
      const zip = dataOf("GET /users/me/export", result);
      const fileName = attachmentFileName(result.response.headers.get("Content-Disposition"));
      return { zip, fileName: fileName ?? EXPORT_FALLBACK_NAME };
    },
  };
}
