// spec 2: the dashboard's list modals and the add chooser, each open when the dashboard asks for
// it (DashboardModal). The chooser hands over to Add Task or Upload File; the dialogs that save
// something (Add New Task/Subscription, Upload Files) are the app's and come as children.
import type { Subscription, Task } from "@life-admin/domain";
import type { ReactNode } from "react";
import type { DashboardModal } from "../dashboard/dashboard-modal";
import { AddChoiceModal } from "./add-choice-modal";
import { AllSubscriptionsModal } from "./all-subscriptions-modal";
import { AllTasksModal } from "./all-tasks-modal";

export interface DashboardModalsProps {
  /** The modal open now, if any. */
  modal: DashboardModal | null;
  onOpen: (modal: DashboardModal) => void;
  /** Close, Escape, the overlay or Cancel of the modal named. */
  onClose: (modal: DashboardModal) => void;
  tasks: readonly Task[];
  subscriptions: readonly Subscription[];
  now: Date;
  locale?: string;
  children?: ReactNode;
}

export function DashboardModals({
  modal,
  onOpen,
  onClose,
  tasks,
  subscriptions,
  now,
  locale,
  children,
}: DashboardModalsProps) {
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
      {children}
    </>
  );
}
