// spec 2: the dashboard's modals other than Add New Task/Subscription: the ui's add chooser and
// list modals, with the app's Upload Files. Loaded when the first of them is opened. issue 19: All
// Tasks' cards offer "Download .ics"; a failed download's message shows in the open list. issue
// 20: the bell's list; a reminder pressed is marked read and opens its task or subscription.
// issue 21: Upload Files sends and reads the file, then hands over to the Add form; Documents.
import { type Notification, wallClockAt } from "@life-admin/domain";
import {
  DashboardModals as Modals,
  type DashboardModalsProps,
  NotificationsModal,
} from "@life-admin/ui";
import { useEffect, useMemo, useState } from "react";
import { downloadTaskIcs } from "../calendar/download-task-ics";
import { DocumentsPanel } from "../files/documents-panel";
import { UploadFlow } from "../files/upload-flow";
import type { EditedItem, SourceDocument } from "../forms/dialog-subjects";
import { handOver } from "../forms/hand-over";
import { markAfterPaint, PERFORMANCE_MARKS } from "../performance-marks";
import type { Reminders } from "../reminders/use-reminders";
import { useServices } from "../use-services";

export interface AppDashboardModalsProps extends Omit<DashboardModalsProps, "children" | "now"> {
  /** The person's zone (todayZone; undefined, the device's): which tasks are overdue, files' dates. */
  timeZone: string | undefined;
  reminders: Reminders;
  /** Opens a task or subscription (its edit dialog). */
  onOpenRecord: (item: EditedItem) => void;
  /** Opens the add dialog on a document (issue 21). */
  onAddFrom: (source: SourceDocument) => void;
  /** A file kept with nothing made from it: the page says where it went (issue 21). */
  onFileKept: (fileName: string) => void;
}

/** What a reminder is about, if it is still in the lists. */
function recordOf(
  notification: Notification,
  { tasks, subscriptions }: Pick<DashboardModalsProps, "tasks" | "subscriptions">,
): EditedItem | undefined {
  const task = tasks.find((listed) => listed.id === notification.task_id);
  if (task !== undefined) return { kind: "task", task };
  const subscription = subscriptions.find((listed) => listed.id === notification.subscription_id);
  if (subscription !== undefined) return { kind: "subscription", subscription };
  return undefined;
}

export function DashboardModals({
  reminders,
  onOpenRecord,
  onAddFrom,
  onFileKept,
  timeZone,
  ...props
}: AppDashboardModalsProps) {
  const { modal, onClose, tasks } = props;
  const { client, now } = useServices();
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
      // Read at render, as the dashboard's cards read it: a list shown again is up to date.
      now={wallClockAt(now().getTime(), timeZone)}
      actions={actions}
      error={downloadError ?? props.error}
      onClose={(closing) => {
        setDownloadError(null);
        onClose(closing);
      }}
    >
      <UploadFlow
        open={modal === "upload"}
        onClose={() => {
          onClose("upload");
        }}
        onAddFrom={onAddFrom}
        onFileKept={onFileKept}
      />
      <DocumentsPanel
        open={modal === "documents"}
        onClose={() => {
          onClose("documents");
        }}
        tasks={tasks}
        subscriptions={props.subscriptions}
        locale={props.locale}
        timeZone={timeZone}
        onAddFrom={onAddFrom}
        onUpload={() => {
          props.onOpen("upload");
        }}
      />
      <NotificationsModal
        open={modal === "notifications"}
        onClose={() => {
          onClose("notifications");
        }}
        notifications={reminders.notifications}
        error={reminders.error}
        today={props.today}
        locale={props.locale}
        onSelect={(notification) => {
          if (!notification.read) reminders.markRead([notification.id]);
          const record = recordOf(notification, props);
          handOver(
            () => {
              onClose("notifications");
            },
            () => {
              if (record !== undefined) onOpenRecord(record);
            },
          );
        }}
        onMarkAllRead={reminders.markAllRead}
      />
    </Modals>
  );
}
