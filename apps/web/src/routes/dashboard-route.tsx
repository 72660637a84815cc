// spec 2, 4 and decisions D5, D8: /dashboard. Profile, tasks and subscriptions load in parallel;
// the page shows "Loading your data...", then "Error: {message}" with Reload, or the dashboard.
// The modals' code (and the forms' libraries) loads when a modal is first opened.
import { DashboardView, ErrorScreen, LoadingScreen, type ViewMode } from "@life-admin/ui";
import { lazy, Suspense, useId, useState } from "react";
import { useProfile } from "../data/use-profile";
import type { Resource } from "../data/use-resource";
import { useSubscriptions } from "../data/use-subscriptions";
import { useTasks } from "../data/use-tasks";
import { useServices } from "../use-services";
import { type DashboardModal, reloadsAfterClosing } from "./dashboard-modal";

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
  const { now, timeZone, locale, reload } = useServices();
  const profile = useProfile();
  const tasks = useTasks();
  const subscriptions = useSubscriptions();
  const [view, setView] = useState<ViewMode>("my");
  const [modal, setModal] = useState<DashboardModal | null>(null);
  // Once a modal's code is asked for, its component stays mounted (closed), so Radix can hand
  // focus back and the next opening is instant.
  const [listsWanted, setListsWanted] = useState(false);
  const [addWanted, setAddWanted] = useState(false);
  const agendaId = useId();

  const failure = failureOf([profile.resource, tasks.resource, subscriptions.resource]);
  if (failure !== null) return <ErrorScreen message={failure.message} onReload={reload} />;
  if (
    profile.resource.status !== "ready" ||
    tasks.resource.status !== "ready" ||
    subscriptions.resource.status !== "ready"
  ) {
    return <LoadingScreen />;
  }

  const open = (next: DashboardModal) => {
    if (next === "add-item") setAddWanted(true);
    else setListsWanted(true);
    setModal(next);
  };
  const close = (closing: DashboardModal) => {
    setModal((current) => (current === closing ? null : current));
    if (reloadsAfterClosing(closing)) {
      tasks.reload();
      subscriptions.reload();
    }
  };

  return (
    <DashboardView
      user={profile.resource.data}
      tasks={tasks.resource.data}
      subscriptions={subscriptions.resource.data}
      // decisions D5: "today" is the clock's now in the user's time zone, read at render.
      now={now()}
      timeZone={timeZone}
      locale={locale}
      view={view}
      onViewChange={setView}
      onAdd={() => {
        open("add-choice");
      }}
      onUpload={() => {
        open("upload");
      }}
      onReviewPriorityTasks={() => {
        open("all-tasks");
      }}
      onViewAllEvents={() => {
        // The agenda is the list of the coming days' events: bring it into view and focus it.
        const agenda = document.getElementById(agendaId);
        agenda?.scrollIntoView({ block: "center" });
        agenda?.focus({ preventScroll: true });
      }}
      agendaRegionId={agendaId}
      onManageSubscriptions={() => {
        open("all-subscriptions");
      }}
      onViewAllTasks={() => {
        open("all-tasks");
      }}
      onViewAllSubscriptions={() => {
        open("all-subscriptions");
      }}
    >
      {listsWanted && (
        <Suspense fallback={null}>
          <DashboardModals
            modal={modal}
            onOpen={open}
            onClose={close}
            tasks={tasks.resource.data}
            subscriptions={subscriptions.resource.data}
            now={now()}
            locale={locale}
          />
        </Suspense>
      )}
      {addWanted && (
        <Suspense fallback={null}>
          <AddItemDialog
            open={modal === "add-item"}
            onClose={() => {
              close("add-item");
            }}
          />
        </Suspense>
      )}
    </DashboardView>
  );
}
