// spec 2: the dashboard as the user sees it once data is loaded: header, welcome banner, the three
// cards, the 7-Day Agenda and the summary area. The web app passes data in and handles the
// callbacks; modals may come as children (the preview's do; the web app renders its own beside).
import {
  type IsoDate,
  type Subscription,
  type Task,
  type User,
  buildAgenda,
  instantOf,
  upcomingEvents,
} from "@life-admin/domain";
import { type ReactNode, type Ref, useMemo } from "react";
import { ErrorBanner } from "../base/error-banner";
import { AppHeader } from "../header/app-header";
import type { ViewMode } from "../header/view-switcher";
import { AgendaStrip } from "./agenda-strip";
import type { DashboardModal } from "./dashboard-modal";
import type { ItemActions } from "./item-actions";
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
  /**
   * The person's today: their date in their time zone (`calendarDateIn(now, timeZone)`). The
   * agenda starts on it and Renewals Soon counts days from it (decisions D6).
   */
  today: IsoDate;
  /**
   * The person's wall clock now, written as UTC fields (decisions D6), in ms: the task rows say
   * which tasks are overdue by it. Without it, the start of `today`: what was due on the days
   * before is overdue, what was due earlier today not yet.
   */
  now?: number;
  /** The person's ISO 4217 currency: every amount is shown in it (issue 22). */
  currency: string;
  locale?: string;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  onNotificationsClick?: () => void;
  /** issue 20: the bell's count of unread reminders. */
  unreadCount?: number;
  /** The account menu's "Sign out" (issue 17). */
  onSignOut?: () => void;
  /** The account menu's "Settings" (issue 19). */
  onSettings?: () => void;
  /**
   * A button asks for a modal: "Add Task/Event" the add chooser, "Upload File" the upload,
   * "Review Now >" and "View all tasks" All Tasks, "Manage Subscriptions >" and "View all
   * subscriptions" All Subscriptions, "View all events >" and a full agenda day's "{n} more" the
   * events view.
   */
  onOpen: (modal: DashboardModal) => void;
  /** What each listed task and subscription offers (issue 18). */
  actions: ItemActions;
  /** A change the server refused, above the cards (issue 18). */
  error?: string | null;
  /** What the view says above the cards (issue 23: Family view without a household). */
  notice?: ReactNode;
  /** The greeting (the page's heading), which the app focuses when the page is reached inside it. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The modals, rendered after the page. */
  children?: ReactNode;
}

export function DashboardView(props: DashboardViewProps) {
  const { user, tasks, subscriptions, today, currency, locale, onOpen, actions } = props;
  const now = props.now ?? instantOf(today);
  // The agenda strip and the Upcoming Events card show the same seven days: built once.
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
        unreadCount={props.unreadCount}
        onSignOut={props.onSignOut}
        onSettings={props.onSettings}
        onDocuments={() => {
          onOpen("documents");
        }}
      />
      <main className={styles.main}>
        <ErrorBanner message={props.error} />
        {props.notice}
        <WelcomeBanner
          user={user}
          headingRef={props.headingRef}
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
            now={now}
            locale={locale}
            onReview={() => {
              onOpen("all-tasks");
            }}
            actions={actions}
          />
          <UpcomingEventsCard
            events={upcomingEvents(agenda)}
            locale={locale}
            onViewAll={() => {
              onOpen("all-events");
            }}
            actions={actions}
          />
          <RenewalsSoonCard
            subscriptions={subscriptions}
            today={today}
            currency={currency}
            locale={locale}
            onManage={() => {
              onOpen("all-subscriptions");
            }}
            actions={actions}
          />
        </div>
        <AgendaStrip
          days={agenda}
          locale={locale}
          actions={actions}
          onShowAll={() => {
            onOpen("all-events");
          }}
        />
        <div className={styles.summary}>
          <TasksSummary
            tasks={tasks}
            now={now}
            locale={locale}
            onViewAll={() => {
              onOpen("all-tasks");
            }}
            actions={actions}
          />
          <SubscriptionsSummary
            subscriptions={subscriptions}
            currency={currency}
            locale={locale}
            onViewAll={() => {
              onOpen("all-subscriptions");
            }}
            actions={actions}
          />
        </div>
      </main>
      {props.children}
    </div>
  );
}
