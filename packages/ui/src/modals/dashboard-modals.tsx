// spec 2: the dashboard's list modals and the add chooser, each open when the dashboard asks for
// it (DashboardModal). The chooser hands over to Add Task or Upload File; the dialogs that save
// something (Add New Task/Subscription, Upload Files) are the app's and come as children. issue
// 18: the events view, and in each list the records' controls and a refused change's message.
import {
  buildAgenda,
  EVENTS_VIEW_DAYS,
  type IsoDate,
  type Subscription,
  type Task,
} from "@life-admin/domain";
import { type ReactNode, useMemo } from "react";
import type { DashboardModal } from "../dashboard/dashboard-modal";
import type { ItemActions } from "../dashboard/item-actions";
import { AddChoiceModal } from "./add-choice-modal";
import { AllEventsModal } from "./all-events-modal";
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
  /**
   * The person's today, in their time zone: the events view starts on it and All Subscriptions
   * counts days from it (decisions D6).
   */
  today: IsoDate;
  /** The person's wall clock now (UTC fields, decisions D6), in ms: All Tasks' overdue ones. */
  now: number;
  /** The person's ISO 4217 currency, for the subscriptions' costs and totals (issue 22). */
  currency: string;
  locale?: string;
  actions: ItemActions;
  /** A change the server refused, shown in the open list. */
  error?: string | null;
  children?: ReactNode;
}

export function DashboardModals({
  modal,
  onOpen,
  onClose,
  tasks,
  subscriptions,
  today,
  now,
  currency,
  locale,
  actions,
  error,
  children,
}: DashboardModalsProps) {
  const showEvents = modal === "all-events";
  // Thirty days of occurrences, worked out only while the events view is open.
  const eventDays = useMemo(
    () => (showEvents ? buildAgenda({ tasks, subscriptions, today, days: EVENTS_VIEW_DAYS }) : []),
    [showEvents, tasks, subscriptions, today],
  );
  const shared = { locale, actions, error };
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
        now={now}
        {...shared}
      />
      <AllSubscriptionsModal
        open={modal === "all-subscriptions"}
        onClose={() => {
          onClose("all-subscriptions");
        }}
        subscriptions={subscriptions}
        today={today}
        currency={currency}
        {...shared}
      />
      <AllEventsModal
        open={showEvents}
        onClose={() => {
          onClose("all-events");
        }}
        days={eventDays}
        {...shared}
      />
      {children}
    </>
  );
}
