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
import { type ReactNode, useMemo } from "react";
import { AppHeader } from "../header/app-header";
import type { ViewMode } from "../header/view-switcher";
import { AgendaStrip } from "./agenda-strip";
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
  /** "Add Task/Event" */
  onAdd: () => void;
  /** "Upload File" */
  onUpload: () => void;
  /** "Review Now >" */
  onReviewPriorityTasks: () => void;
  /** "View all events >" */
  onViewAllEvents: () => void;
  /** The id of the 7-Day Agenda's scrolling region (for example to bring it into view). */
  agendaRegionId?: string;
  /** "Manage Subscriptions >" */
  onManageSubscriptions: () => void;
  onViewAllTasks: () => void;
  onViewAllSubscriptions: () => void;
  /** The modals, rendered after the page. */
  children?: ReactNode;
}

export function DashboardView(props: DashboardViewProps) {
  const { user, tasks, subscriptions, now, timeZone, locale } = props;
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
      />
      <main className={styles.main}>
        <WelcomeBanner user={user} onAdd={props.onAdd} onUpload={props.onUpload} />
        <div className={styles.cards}>
          <PriorityTasksCard tasks={tasks} locale={locale} onReview={props.onReviewPriorityTasks} />
          <UpcomingEventsCard
            events={upcomingEvents(agenda)}
            locale={locale}
            onViewAll={props.onViewAllEvents}
          />
          <RenewalsSoonCard
            subscriptions={subscriptions}
            now={now}
            onManage={props.onManageSubscriptions}
          />
        </div>
        <AgendaStrip days={agenda} locale={locale} regionId={props.agendaRegionId} />
        <div className={styles.summary}>
          <TasksSummary tasks={tasks} locale={locale} onViewAll={props.onViewAllTasks} />
          <SubscriptionsSummary
            subscriptions={subscriptions}
            locale={locale}
            onViewAll={props.onViewAllSubscriptions}
          />
        </div>
      </main>
      {props.children}
    </div>
  );
}
