// spec 2: the dashboard's modals other than Add New Task/Subscription: the ui's add chooser and
// list modals, with the app's Upload Files. Loaded when the first of them is opened. issue 19: All
// Tasks' cards offer "Download .ics"; a failed download's message shows in the open list.
import { DashboardModals as Modals, type DashboardModalsProps } from "@life-admin/ui";
import { useEffect, useMemo, useState } from "react";
import { downloadTaskIcs } from "../calendar/download-task-ics";
import { UploadDialog } from "../forms/upload-dialog";
import { markAfterPaint, PERFORMANCE_MARKS } from "../performance-marks";
import { useServices } from "../use-services";

export function DashboardModals(props: Omit<DashboardModalsProps, "children">) {
  const { modal, onClose, tasks } = props;
  const { client } = useServices();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const actions = useMemo(
    () => ({
      ...props.actions,
      onTaskDownload: (id: number) => {
        const task = tasks.find((listed) => listed.id === id);
        if (task === undefined) return;
        setDownloadError(null);
        downloadTaskIcs(client, task).catch((failure: unknown) => {
          console.error(failure);
          setDownloadError(failure instanceof Error ? failure.message : String(failure));
        });
      },
    }),
    [props.actions, tasks, client],
  );
  // Runs after the open modal's content is in the document (also on the first opening, when this
  // code has just loaded).
  useEffect(() => {
    if (modal === "all-tasks") markAfterPaint(PERFORMANCE_MARKS.allTasksShown);
  }, [modal]);
  return (
    <Modals
      {...props}
      actions={actions}
      error={downloadError ?? props.error}
      onClose={(closing) => {
        setDownloadError(null);
        onClose(closing);
      }}
    >
      <UploadDialog
        open={modal === "upload"}
        onClose={() => {
          onClose("upload");
        }}
      />
    </Modals>
  );
}
