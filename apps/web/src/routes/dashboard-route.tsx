// spec 2, 4 and decisions D5, D8: /dashboard. Profile, tasks and subscriptions load in parallel;
// the page shows "Loading your data...", then "Error: {message}" with Reload, or the dashboard.
// The modals' code (and the forms' libraries) loads when a modal is first opened. issue 18: every
// listed task and subscription can be marked done, paused, edited and deleted; each change shows
// at once and is put back, with the API's message above the page and in the open list, when the
// API refuses it. issue 20: the bell counts the reminders not yet read and opens their list; a
// reminder pressed opens its task or subscription. issue 23: the header's switch shows My View
// (the person's records and those assigned to them) or Family view (what their household shares,
// each record saying whose it is), remembered on the device; the cards, lists, agenda, totals and
// bell all follow it. A form whose session ended before it was saved opens again, once, with what
// was typed (forms/kept-form.ts). Left open while another tab changes things, the page loads its
// data again when the person comes back to it (use-refresh-on-return.ts). Back closes the open
// dialog, asking first where its Escape asks, and Forward opens a list again (use-dialog-history.ts).
import {
  type IsoDate,
  type Subscription,
  type Task,
  type User,
  wallClockAt,
} from "@life-admin/domain";
import {
  type DashboardModal,
  DashboardView,
  type DashboardViewProps,
  ErrorScreen,
  type ItemActions,
  LoadingScreen,
  PRODUCT_NAME,
  RecordNotes,
  StatusNotice,
  type ViewMode,
  unreadCount,
} from "@life-admin/ui";
import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useProfile } from "../data/use-profile";
import { withSubscription, withTask } from "../data/list-order";
import type { ChangeNotice } from "../data/item-change-types";
import { useItemChanges } from "../data/use-item-changes";
import { useOverdueWatch } from "../data/use-overdue-watch";
import { useRefreshOnReturn } from "../data/use-refresh-on-return";
import type { Resource } from "../data/use-resource";
import { todayZone } from "../data/today-zone";
import { useToday } from "../data/use-today";
import { useSubscriptions } from "../data/use-subscriptions";
import { useTasks } from "../data/use-tasks";
import { rememberView, rememberedView } from "../data/view-choice";
import type { EditedItem, SourceDocument } from "../forms/dialog-subjects";
import type { KeptForm, KeptOpening } from "../forms/kept-form";
import { hasKeptForm } from "../forms/kept-form-key";
import { markAfterPaint, mark, PERFORMANCE_MARKS } from "../performance-marks";
import { useFamilyDetails } from "../household/use-family-details";
import { useReminders } from "../reminders/use-reminders";
import { useSignOut } from "../session/use-sign-out";
import { useServices } from "../use-services";
import { reloadsAfterClosing } from "./dashboard-modal";
import { useDialogHistory } from "./use-dialog-history";
import { focusOnArrival, titled } from "./page-arrival";

const DashboardModals = lazy(() =>
  import("./dashboard-modals").then((module) => ({ default: module.DashboardModals })),
);
// Adds, and edits a record (issue 18): one dialog, one chunk.
const ItemDialog = lazy(() =>
  import("../forms/item-dialog").then((module) => ({ default: module.ItemDialog })),
);

function failureOf(resources: readonly Resource<unknown>[]): Error | null {
  for (const resource of resources) {
    if (resource.status === "failed") return resource.error;
  }
  return null;
}

export interface DashboardRouteProps {
  /** The account menu's "Settings" (issue 19): app-routes.tsx routes, so that this chunk does
   * not import react-router (which, imported here, splits the first download into more files). */
  onSettings: () => void;
}

export function DashboardRoute({ onSettings }: DashboardRouteProps) {
  const { timeZone, locale, reload } = useServices();
  const profile = useProfile();
  // WCAG 2.4.2 and 2.4.3 (page-arrival.ts): a title of its own from the first render (its loading
  // state included); the greeting, the page's heading, takes focus when it is shown (DashboardPage).
  useEffect(() => titled(["Dashboard", PRODUCT_NAME]), []);
  const [view, setView] = useState(rememberedView);
  const changeView = useCallback((next: ViewMode) => {
    rememberView(next);
    setView(next);
  }, []);
  const tasks = useTasks(view);
  const subscriptions = useSubscriptions(view);
  const signOut = useSignOut();
  const [modal, setModal] = useState<DashboardModal | null>(null);
  // Once a modal's code is asked for, its component stays mounted (closed), so Radix can hand
  // focus back and the next opening is instant.
  const [listsWanted, setListsWanted] = useState(false);
  const [addWanted, setAddWanted] = useState(false);
  // The edit dialog, on a record kept as it was when opened (what "changed" means), or issue 21's
  // add dialog opened on a document: a new dialog for each opening (`opening` counts them),
  // prefilled anew, which stays mounted (closed) after, like the other modals.
  const [opened, setOpened] = useState<{
    editing?: EditedItem;
    source?: SourceDocument;
    kept?: KeptForm;
    open: boolean;
    opening: number;
  } | null>(null);
  // The calendar's offer after "Save and add to calendar" (calendar-follow-up.tsx), shown.
  const [calendarOffered, setCalendarOffered] = useState(false);
  const openDialog = useCallback((on: DialogOpening) => {
    startTransition(() => {
      setOpened((last) => ({ ...on, open: true, opening: (last?.opening ?? 0) + 1 }));
    });
  }, []);
  const openAddFrom = useCallback(
    (source: SourceDocument) => {
      openDialog({ source });
    },
    [openDialog],
  );
  const openEdit = useCallback(
    (editing: EditedItem) => {
      openDialog({ editing });
    },
    [openDialog],
  );
  // The last change the API refused (issue 18).
  const [changeError, setChangeError] = useState<string | null>(null);
  // What the last "Mark done" did, with its Undo: one at a time, the newest.
  const [changeNotice, setChangeNotice] = useState<ChangeNotice | null>(null);
  const user = profile.resource;
  const zone = user.status === "ready" ? todayZone(user.data, timeZone) : timeZone;
  // The same object while the lists are unchanged: the memoised page stays as it is.
  const changes = useItemChanges(
    tasks,
    subscriptions,
    zone,
    user.status === "ready" ? user.data.id : undefined,
    openEdit,
    setChangeError,
    setChangeNotice,
  );

  const taskList = tasks.resource;
  const subscriptionList = subscriptions.resource;
  // decisions D5, D6: the person's today, which moves on at their midnight on a page left open;
  // the lists are read again then (the API has rolled the renewals of the day that ended).
  const { reload: reloadTasks } = tasks;
  const { reload: reloadSubscriptions } = subscriptions;
  const reloadLists = useCallback(() => {
    reloadTasks();
    reloadSubscriptions();
  }, [reloadTasks, reloadSubscriptions]);
  const today = useToday(zone, reloadLists);
  const { refresh: refreshProfile } = profile;
  const { refresh: refreshTasks } = tasks;
  const { refresh: refreshSubscriptions } = subscriptions;
  useRefreshOnReturn(
    useCallback(() => {
      refreshProfile();
      refreshTasks();
      refreshSubscriptions();
    }, [refreshProfile, refreshTasks, refreshSubscriptions]),
  );
  // And a task's row turns overdue at its due moment (use-overdue-watch.ts).
  const turnedOverdue = useOverdueWatch(zone, taskList.status === "ready" ? taskList.data : null);
  const failure = failureOf([user, taskList, subscriptionList]);
  const ready =
    user.status === "ready" && taskList.status === "ready" && subscriptionList.status === "ready";
  const reminders = useReminders(
    user.status === "ready" ? user.data.time_zone : undefined,
    user.status === "ready" && user.data.time_zone_chosen,
    taskList.status === "ready" ? taskList.data : null,
    subscriptionList.status === "ready" ? subscriptionList.data : null,
    view,
  );
  const family = useFamilyDetails(
    view,
    taskList.status === "ready" ? taskList.data : null,
    subscriptionList.status === "ready" ? subscriptionList.data : null,
    user.status === "ready" ? user.data.id : undefined,
    onSettings,
  );
  // A form whose session ended before it was saved: given back once the page is ready, on its
  // record if it was an edit (read afresh; gone since, it adds it again).
  const keptAsked = useRef(false);
  const userId = user.status === "ready" ? user.data.id : undefined;
  useEffect(() => {
    if (userId === undefined || keptAsked.current) return;
    if (taskList.status !== "ready" || subscriptionList.status !== "ready") return;
    keptAsked.current = true;
    if (!hasKeptForm()) return;
    const lists = { tasks: taskList.data, subscriptions: subscriptionList.data };
    void import("../forms/kept-form").then((module) => {
      const opening = module.keptOpening(userId, lists);
      if (opening !== null) openDialog(opening);
    });
  });
  const contentMarked = useRef(false);
  useEffect(() => {
    if (!ready || contentMarked.current) return;
    contentMarked.current = true;
    markAfterPaint(PERFORMANCE_MARKS.dashboardContent);
  }, [ready]);

  // Stable, so that opening a modal leaves the page (memoised) as it is.
  const openModal = useCallback((next: DashboardModal) => {
    if (next === "all-tasks") mark(PERFORMANCE_MARKS.allTasksRequested);
    // A transition, so that React keeps the page as it is while a modal's code loads instead of
    // committing the Suspense fallback: a fallback holds the content back for 300 ms after it
    // (React throttles Suspense reveals), a wait that would come on top of the load.
    startTransition(() => {
      if (next === "add-item") setAddWanted(true);
      else setListsWanted(true);
      setModal(next);
    });
  }, []);

  // The edit dialog opens over a list (All Tasks' names): it is the one on top. The calendar's
  // offer opens once the saved task's dialog has closed.
  useDialogHistory(
    calendarOffered ? "calendar-offer" : opened?.open === true ? "record" : modal,
    openModal,
  );

  if (failure !== null) return <ErrorScreen message={failure.message} onReload={reload} />;
  if (!ready) return <LoadingScreen />;

  const closeModal = (closing: DashboardModal) => {
    setModal((current) => (current === closing ? null : current));
    if (reloadsAfterClosing(closing)) reloadLists();
  };

  // What the add and the edit dialogs do with what they save.
  // issue 21: a file kept without a record made from it (the Upload dialog's "Keep the file only",
  // or the prefilled form's) says where it went, as a task marked done does.
  const onFileKept = (fileName: string) => {
    setChangeNotice({ message: `${fileName} is kept in Documents.` });
  };
  const dialog = {
    ...changes,
    onFileKept,
    onCalendarOffer: setCalendarOffered,
    // issue 22: the cost's sign.
    currency: user.data.currency,
    // Whose clock a task's history is told on.
    timeZone: zone,
    userId: user.data.id,
    // The new record shows at once; the reload on closing refreshes in the background.
    onTaskCreated: (task: Task) => {
      tasks.update((list) => withTask(list, task));
    },
    onSubscriptionCreated: (subscription: Subscription) => {
      subscriptions.update((list) => withSubscription(list, subscription));
    },
  };

  return (
    <RecordNotes.Provider value={family?.noteOf}>
      <DashboardPage
        user={user.data}
        currency={user.data.currency}
        today={today}
        timeZone={zone}
        turnedOverdue={turnedOverdue}
        tasks={taskList.data}
        subscriptions={subscriptionList.data}
        view={view}
        onViewChange={changeView}
        onOpen={openModal}
        onSignOut={signOut}
        onSettings={onSettings}
        unreadCount={reminders.notifications ? unreadCount(reminders.notifications) : 0}
        actions={changes}
        error={changeError}
        notice={family?.notice}
      />
      <StatusNotice
        message={changeNotice?.message ?? null}
        action={changeNotice?.onUndo && { label: "Undo", onAction: changeNotice.onUndo }}
        onDismiss={() => {
          setChangeNotice(null);
        }}
      />
      {/* Mounted before any modal is wanted: a boundary already on screen shows no fallback
          during a transition (see openModal). */}
      <Suspense fallback={null}>
        {listsWanted && (
          <DashboardModals
            modal={modal}
            onOpen={openModal}
            onClose={closeModal}
            tasks={taskList.data}
            subscriptions={subscriptionList.data}
            today={today}
            timeZone={zone}
            currency={user.data.currency}
            locale={locale}
            actions={changes}
            error={changeError}
            reminders={reminders}
            onOpenRecord={openEdit}
            onAddFrom={openAddFrom}
            onFileKept={onFileKept}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {addWanted && (
          <ItemDialog
            open={modal === "add-item"}
            onClose={() => {
              closeModal("add-item");
            }}
            {...dialog}
          />
        )}
        {opened && (
          <ItemDialog
            key={opened.opening}
            {...opened}
            onClose={() => {
              setOpened({ ...opened, open: false });
              // What was saved from a document shows once the lists are read again.
              if (opened.source) reloadLists();
            }}
            {...dialog}
          />
        )}
      </Suspense>
    </RecordNotes.Provider>
  );
}

/** How the add or edit dialog is opened: on a record, on a document, or given back a form. */
type DialogOpening = KeptOpening | { editing: EditedItem } | { source: SourceDocument };

interface DashboardPageProps {
  user: User;
  /** issue 22: the person's currency, for every amount. */
  currency: string;
  /** The person's today (useToday): a new day renders the page again. */
  today: IsoDate;
  /** Whose clock says what is overdue: the person's zone (todayZone); undefined, the device's. */
  timeZone: string | undefined;
  /** useOverdueWatch's count: a task turned overdue renders the page again (the clock is read then). */
  turnedOverdue: number;
  tasks: readonly Task[];
  subscriptions: readonly Subscription[];
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  onOpen: (modal: DashboardModal) => void;
  onSignOut: () => void;
  onSettings: () => void;
  unreadCount: number;
  actions: ItemActions;
  error: string | null;
  notice: DashboardViewProps["notice"];
}

/**
 * The dashboard under its modals. Memoised: every card is worked out from all the user's tasks
 * and subscriptions (tens of milliseconds at 10,000 tasks), which opening a modal does not change.
 */
const DashboardPage = memo(function DashboardPage({
  timeZone,
  turnedOverdue: _turnedOverdue,
  ...props
}: DashboardPageProps) {
  const { locale, now } = useServices();
  const { onOpen } = props;
  return (
    <DashboardView
      {...props}
      // Read at render, as today is (useToday): a new day, a changed list or a task turned
      // overdue renders it again.
      now={wallClockAt(now().getTime(), timeZone)}
      onNotificationsClick={() => {
        onOpen("notifications");
      }}
      locale={locale}
      headingRef={focusOnArrival}
    />
  );
});
