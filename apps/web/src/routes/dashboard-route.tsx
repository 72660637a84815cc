// spec 2, 4 and decisions D5, D8: /dashboard. Profile, tasks and subscriptions load in parallel;
// the page shows "Loading your data...", then "Error: {message}" with Reload, or the dashboard.
// The modals' code (and the forms' libraries) loads when a modal is first opened.
import type { Subscription, Task } from "@life-admin/domain";
import {
  type DashboardModal,
  DashboardView,
  type DashboardViewProps,
  ErrorScreen,
  LoadingScreen,
  type ViewMode,
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
import type { Resource } from "../data/use-resource";
import { useSubscriptions } from "../data/use-subscriptions";
import { useTasks } from "../data/use-tasks";
import { markAfterPaint, mark, PERFORMANCE_MARKS } from "../performance-marks";
import { useSignOut } from "../session/use-sign-out";
import { useServices } from "../use-services";
import { reloadsAfterClosing } from "./dashboard-modal";

const DashboardModals = lazy(() =>
  import("./dashboard-modals").then((module) => ({ default: module.DashboardModals })),
);
const AddItemDialog = lazy(() =>
  import("../forms/add-item-dialog").then((module) => ({ default: module.AddItemDialog })),
);

function failureOf(resources: readonly Resource<unknown>[]): Error | null {
  for (const resource of resources) {
    if (resource.status === "failed") return resource.error;
  }
  return null;
}

export function DashboardRoute() {
  const { now, locale, reload } = useServices();
  const profile = useProfile();
  const tasks = useTasks();
  const subscriptions = useSubscriptions();
  const signOut = useSignOut();
  const [view, setView] = useState<ViewMode>("my");
  const [modal, setModal] = useState<DashboardModal | null>(null);
  // Once a modal's code is asked for, its component stays mounted (closed), so Radix can hand
  // focus back and the next opening is instant.
  const [listsWanted, setListsWanted] = useState(false);
  const [addWanted, setAddWanted] = useState(false);

  const user = profile.resource;
  const taskList = tasks.resource;
  const subscriptionList = subscriptions.resource;
  const failure = failureOf([user, taskList, subscriptionList]);
  const ready =
    user.status === "ready" && taskList.status === "ready" && subscriptionList.status === "ready";
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

  if (failure !== null) return <ErrorScreen message={failure.message} onReload={reload} />;
  if (!ready) return <LoadingScreen />;

  const closeModal = (closing: DashboardModal) => {
    setModal((current) => (current === closing ? null : current));
    if (reloadsAfterClosing(closing)) {
      tasks.reload();
      subscriptions.reload();
    }
  };

  return (
    <>
      <DashboardPage
        user={user.data}
        tasks={taskList.data}
        subscriptions={subscriptionList.data}
        view={view}
        onViewChange={setView}
        onOpen={openModal}
        onSignOut={signOut}
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
            now={now()}
            locale={locale}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {addWanted && (
          <AddItemDialog
            open={modal === "add-item"}
            onClose={() => {
              closeModal("add-item");
            }}
            // The new record shows at once; the reload on closing refreshes in the background.
            onTaskCreated={(task) => {
              tasks.update((list) => withTask(list, task));
            }}
            onSubscriptionCreated={(subscription) => {
              subscriptions.update((list) => withSubscription(list, subscription));
            }}
          />
        )}
      </Suspense>
    </>
  );
}

interface DashboardPageProps {
  user: DashboardViewProps["user"];
  tasks: readonly Task[];
  subscriptions: readonly Subscription[];
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  onOpen: (modal: DashboardModal) => void;
  onSignOut: () => void;
}

/**
 * The dashboard under its modals. Memoised: every card is worked out from all the user's tasks
 * and subscriptions (tens of milliseconds at 10,000 tasks), which opening a modal does not change.
 */
const DashboardPage = memo(function DashboardPage({
  user,
  tasks,
  subscriptions,
  view,
  onViewChange,
  onOpen,
  onSignOut,
}: DashboardPageProps) {
  const { now, timeZone, locale } = useServices();
  return (
    <DashboardView
      user={user}
      tasks={tasks}
      subscriptions={subscriptions}
      // decisions D5: "today" is the clock's now in the user's time zone, read at render.
      now={now()}
      timeZone={timeZone}
      locale={locale}
      view={view}
      onViewChange={onViewChange}
      onOpen={onOpen}
      onSignOut={onSignOut}
    />
  );
});
