// spec 2: the dashboard's modals other than Add New Task/Subscription: the add chooser, Upload
// Files, All Tasks and All Subscriptions. Loaded when the first of them is opened.
import type { Subscription, Task } from "@life-admin/domain";
import { AddChoiceModal, AllSubscriptionsModal, AllTasksModal } from "@life-admin/ui";
import { useEffect } from "react";
import { UploadDialog } from "../forms/upload-dialog";
import { markAfterPaint, PERFORMANCE_MARKS } from "../performance-marks";
import type { DashboardModal } from "./dashboard-modal";

export interface DashboardModalsProps {
  modal: DashboardModal | null;
  onOpen: (modal: DashboardModal) => void;
  onClose: (modal: DashboardModal) => void;
  tasks: readonly Task[];
  subscriptions: readonly Subscription[];
  now: Date;
  locale: string | undefined;
}

export function DashboardModals({
  modal,
  onOpen,
  onClose,
  tasks,
  subscriptions,
  now,
  locale,
}: DashboardModalsProps) {
  // Runs after the open modal's content is in the document (also on the first opening, when this
  // code has just loaded).
  useEffect(() => {
    if (modal === "all-tasks") markAfterPaint(PERFORMANCE_MARKS.allTasksShown);
  }, [modal]);
  return (
    <>
      <AddChoiceModal
        open={modal === "add-choice"}
        onClose={() => {
          onClose("add-choice");
        }}
        onAddTask={() => {
          onOpen("add-item");
        }}
        onUploadFile={() => {
          onOpen("upload");
        }}
      />
      <UploadDialog
        open={modal === "upload"}
        onClose={() => {
          onClose("upload");
        }}
      />
      <AllTasksModal
        open={modal === "all-tasks"}
        onClose={() => {
          onClose("all-tasks");
        }}
        tasks={tasks}
        locale={locale}
      />
      <AllSubscriptionsModal
        open={modal === "all-subscriptions"}
        onClose={() => {
          onClose("all-subscriptions");
        }}
        subscriptions={subscriptions}
        now={now}
        locale={locale}
      />
    </>
  );
}
