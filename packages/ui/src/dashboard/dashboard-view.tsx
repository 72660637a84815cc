// spec 2: the dashboard as the user sees it once data is loaded: header, welcome banner, the three
// cards, the 7-Day Agenda and the summary area. The web app passes data in and handles the
// callbacks; modals may come as children (the preview's do; the web app renders its own beside).
import {
  type Subscription,
  type Task,
  type User,
  buildAgenda,
  calendarDateIn,
  upcomingEvents,
} from "@life-admin/domain";
import { type ReactNode, useId, useMemo } from "react";
import { AppHeader } from "../header/app-header";
import type { ViewMode } from "../header/view-switcher";
import { AgendaStrip } from "./agenda-strip";
import type { DashboardModal } from "./dashboard-modal";
import { PriorityTasksCard } from "./priority-tasks-card";
import { RenewalsSoonCard } from "./renewals-soon-card";
import { SubscriptionsSummary } from "./subscriptions-summary";
import { TasksSummary } from "./tasks-summary";
import { UpcomingEventsCard } from "./upcoming-events-card";
import { WelcomeBanner } from "./welcome-banner";
import styles from "./dashboard-view.module.css";

export interface DashboardViewProps {
  user: Pick<User, "full_name"> | null | undefined;
  tasks: readonly Task[];
  subscriptions: readonly Subscription[];
  now: Date;
  timeZone?: string;
  locale?: string;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  onNotificationsClick?: () => void;
  /** The account menu's "Sign out" (issue 17). */
  onSignOut?: () => void;
  /**
   * A button asks for a modal: "Add Task/Event" the add chooser, "Upload File" the upload,
   * "Review Now >" and "View all tasks" All Tasks, "Manage Subscriptions >" and "View all
   * subscriptions" All Subscriptions. ("View all events >" brings the agenda into view.)
   */
  onOpen: (modal: DashboardModal) => void;
  /** The modals, rendered after the page. */
  children?: ReactNode;
}

/** The agenda is the list of the coming days' events: bring it into view and focus it. */
function showAgenda(regionId: string): void {
  const agenda = document.getElementById(regionId);
  agenda?.scrollIntoView({ block: "center" });
  agenda?.focus({ preventScroll: true });
}

export function DashboardView(props: DashboardViewProps) {
  const { user, tasks, subscriptions, now, timeZone, locale, onOpen } = props;
  const agendaId = useId();
  // The agenda strip and the Upcoming Events card show the same seven days: built once.
  const today = calendarDateIn(now, timeZone);
  const agenda = useMemo(
    () => buildAgenda({ tasks, subscriptions, today }),
    [tasks, subscriptions, today],
  );
  return (
    <div className={styles.page}>
      <AppHeader
        user={user}
        view={props.view}
        onViewChange={props.onViewChange}
        onNotificationsClick={props.onNotificationsClick}
        onSignOut={props.onSignOut}
      />
      <main className={styles.main}>
        <WelcomeBanner
          user={user}
          onAdd={() => {
            onOpen("add-choice");
          }}
          onUpload={() => {
            onOpen("upload");
          }}
        />
        <div className={styles.cards}>
          <PriorityTasksCard
            tasks={tasks}
            locale={locale}
            onReview={() => {
              onOpen("all-tasks");
            }}
          />
          <UpcomingEventsCard
            events={upcomingEvents(agenda)}
            locale={locale}
            onViewAll={() => {
              showAgenda(agendaId);
            }}
          />
          <RenewalsSoonCard
            subscriptions={subscriptions}
            now={now}
            onManage={() => {
              onOpen("all-subscriptions");
            }}
          />
        </div>
        <AgendaStrip days={agenda} locale={locale} regionId={agendaId} />
        <div className={styles.summary}>
          <TasksSummary
            tasks={tasks}
            locale={locale}
            onViewAll={() => {
              onOpen("all-tasks");
            }}
          />
          <SubscriptionsSummary
            subscriptions={subscriptions}
            locale={locale}
            onViewAll={() => {
              onOpen("all-subscriptions");
            }}
          />
        </div>
      </main>
      {props.children}
    </div>
  );
}
