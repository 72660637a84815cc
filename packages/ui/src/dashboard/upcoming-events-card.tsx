// spec 2 with decisions D5: the Upcoming Events card lists the user's own next events (open tasks
// by due date, renewals by date): the first of the agenda the dashboard built.
import { type AgendaEvent, formatDate } from "@life-admin/domain";
import { CalendarDays } from "lucide-react";
import { Card, CardAction, CardList, CardRow, EmptyText } from "../base/card";
import { ToneMark } from "../base/tone-dot";
import { eventTimeText } from "./event-time";

export interface UpcomingEventsCardProps {
  /** The next events, in order (the domain's upcomingEvents of the dashboard's agenda). */
  events: readonly AgendaEvent[];
  locale?: string;
  onViewAll: () => void;
}

export function UpcomingEventsCard({ events, locale, onViewAll }: UpcomingEventsCardProps) {
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
            <CardRow
              key={event.key}
              lead={<ToneMark tone={event.tone} />}
              title={event.title}
              meta={`${formatDate(event.date, locale, { weekday: "short", month: "short", day: "numeric" })} · ${eventTimeText(event, locale)}`}
            />
          ))}
        </CardList>
      )}
    </Card>
  );
}
