// issue 22: Settings' "Import from a Life Admin export", as the app runs it: the chosen ZIP sent to
// POST /users/me/import with its progress (files/send-file.ts: fetch reports none), signed like
// the client's calls; then what was added in words, or the API's refusal (nothing is changed then).
// The import's calls (api-client/import) load with this screen, not with the dashboard.
import {
  type AccountImportReport,
  IMPORT_PATH,
  importCalls,
  importForm,
} from "@life-admin/api-client/import";
import { ImportSection } from "@life-admin/ui";
import { useState } from "react";
import { sendForm } from "../files/send-file";
import { useServices } from "../use-services";
import { messageOf } from "./message-of";

/** "1 task", "3 subscriptions". */
function counted(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/** "a", "a and b", "a, b and c". */
function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1) ?? ""}`;
}

/** "Added 12 tasks, 3 subscriptions and 2 files; 4 were already here." */
export function importReportText({ added, skipped }: AccountImportReport): string {
  const adds = [
    added.tasks > 0 ? counted(added.tasks, "task", "tasks") : null,
    added.subscriptions > 0 ? counted(added.subscriptions, "subscription", "subscriptions") : null,
    added.files > 0 ? counted(added.files, "file", "files") : null,
  ].filter((part) => part !== null);
  const here = skipped.tasks + skipped.subscriptions + skipped.files;
  if (adds.length === 0) {
    if (here === 0) return "The export had nothing to import; your settings were applied.";
    return here === 1
      ? "Nothing new: its one record was already here."
      : `Nothing new: all ${counted(here, "record", "records")} were already here.`;
  }
  const already =
    here === 0
      ? ""
      : `; ${here.toLocaleString("en-US")} ${here === 1 ? "was" : "were"} already here`;
  return `Added ${listed(adds)}${already}.`;
}

export function ImportSettings() {
  const services = useServices();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const start = (zip: File) => {
    setProgress(0);
    setError(null);
    setStatus(null);
    const calls = importCalls(services.client);
    sendForm({
      client: services.client,
      tokens: services.session.tokens,
      apiBaseUrl: services.apiBaseUrl,
      path: IMPORT_PATH,
      form: importForm(zip),
      now: services.now,
      xhr: services.xhr,
      onProgress: setProgress,
      checked: calls.checked,
      refused: calls.refused,
    })
      .then(
        (report) => {
          setStatus(importReportText(report));
        },
        (failure: unknown) => {
          console.error(failure);
          setError(messageOf(failure));
        },
      )
      .finally(() => {
        setProgress(null);
      });
  };

  return <ImportSection onImport={start} progress={progress} error={error} status={status} />;
}
