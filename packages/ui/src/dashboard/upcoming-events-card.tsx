// spec 2 with decisions D5: the Upcoming Events card lists the user's own next events (open tasks
// by due date, renewals by date, a recurring one at its next occurrence only): the first of the
// agenda the dashboard built. "View all events" opens the events view (issue 18).
import { type AgendaEvent, formatDate } from "@life-admin/domain";
import { CalendarDays } from "lucide-react";
import { Card, CardAction, CardList, EmptyText } from "../base/card";
import { eventTimeText } from "./event-time";
import type { ItemActions } from "./item-actions";
import { ItemRow, eventItem } from "./item-rows";
import { ToneMark } from "../base/tone-dot";

export interface UpcomingEventsCardProps {
  /** The next events, in order (the domain's upcomingEvents of the dashboard's agenda). */
  events: readonly AgendaEvent[];
  locale?: string;
  onViewAll: () => void;
  actions: ItemActions;
}

export function UpcomingEventsCard({
  events,
  locale,
  onViewAll,
  actions,
}: UpcomingEventsCardProps) {
  return (
    <Card
      title="Upcoming Events"
      icon={<CalendarDays size={18} />}
      iconTone="info"
      action={<CardAction label="View all events" onClick={onViewAll} />}
    >
      {events.length === 0 ? (
        <EmptyText>Nothing scheduled in the next 7 days</EmptyText>
      ) : (
        <CardList>
          {events.map((event) => (
            <ItemRow
              key={event.key}
              item={eventItem(event)}
              lead={<ToneMark tone={event.tone} />}
              actions={actions}
              meta={`${formatDate(event.date, locale, { weekday: "short", month: "short", day: "numeric" })} · ${eventTimeText(event, locale)}`}
            />
          ))}
        </CardList>
      )}
    </Card>
  );
}
