// issue 22: Settings' "Your data", as the app runs it: GET /users/me/export through the client
// (the bearer token, a refresh when it has expired), saved under the name the API gives it
// (Content-Disposition: life-admin-export-<date>.zip). A failure says why; pressing again retries.
import { exportCalls } from "@life-admin/api-client/export";
import { ExportSection } from "@life-admin/ui";
import { useState } from "react";
import { saveFile } from "../data/save-file";
import { useServices } from "../use-services";
import { messageOf } from "./message-of";

export function ExportSettings() {
  const { client } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const download = () => {
    setBusy(true);
    setError(null);
    setStatus(null);
    exportCalls(client)
      .export()
      .then(
        ({ zip, fileName }) => {
          saveFile(zip, fileName);
          setStatus(`Saved ${fileName}.`);
        },
        (failure: unknown) => {
          console.error(failure);
          setError(messageOf(failure));
        },
      )
      .finally(() => {
        setBusy(false);
      });
  };

  return <ExportSection onExport={download} busy={busy} error={error} status={status} />;
}
