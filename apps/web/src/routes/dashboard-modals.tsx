// spec 2: the dashboard's modals other than Add New Task/Subscription: the ui's add chooser and
// list modals, with the app's Upload Files. Loaded when the first of them is opened.
import { DashboardModals as Modals, type DashboardModalsProps } from "@life-admin/ui";
import { useEffect } from "react";
import { UploadDialog } from "../forms/upload-dialog";
import { markAfterPaint, PERFORMANCE_MARKS } from "../performance-marks";

export function DashboardModals(props: Omit<DashboardModalsProps, "children">) {
  const { modal, onClose } = props;
  // Runs after the open modal's content is in the document (also on the first opening, when this
  // code has just loaded).
  useEffect(() => {
    if (modal === "all-tasks") markAfterPaint(PERFORMANCE_MARKS.allTasksShown);
  }, [modal]);
  return (
    <Modals {...props}>
      <UploadDialog
        open={modal === "upload"}
        onClose={() => {
          onClose("upload");
        }}
      />
    </Modals>
  );
}
