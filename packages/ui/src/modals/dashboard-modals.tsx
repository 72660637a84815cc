// spec 2: the dashboard's list modals and the add chooser, each open when the dashboard asks for
// it (DashboardModal). The chooser hands over to Add Task or Upload File; the dialogs that save
// something (Add New Task/Subscription, Upload Files) are the app's and come as children. issue
// 18: the events view, and in each list the records' controls and a refused change's message.
import {
  buildAgenda,
  calendarDateIn,
  EVENTS_VIEW_DAYS,
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
  now: Date;
  /** The user's time zone, which says what today is (the events view starts on it). */
  timeZone?: string;
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
  now,
  timeZone,
  currency,
  locale,
  actions,
  error,
  children,
}: DashboardModalsProps) {
  const today = calendarDateIn(now, timeZone);
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
        {...shared}
      />
      <AllSubscriptionsModal
        open={modal === "all-subscriptions"}
        onClose={() => {
          onClose("all-subscriptions");
        }}
        subscriptions={subscriptions}
        now={now}
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
