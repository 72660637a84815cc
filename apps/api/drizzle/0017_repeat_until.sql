-- decisions D9: a recurring task's series may end on a date (repeat until). A pending task is due on
-- or before it; a recurring one whose due date is past it has ended (completed). Every task
-- already there repeats with no end.
ALTER TABLE "tasks" ADD COLUMN "repeat_until" date;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_once_until_check" CHECK ("tasks"."frequency" <> 'Once' OR "tasks"."repeat_until" IS NULL);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_pending_until_check" CHECK ("tasks"."completed" OR "tasks"."repeat_until" IS NULL
        OR ("tasks"."due_date" AT TIME ZONE 'UTC')::date <= "tasks"."repeat_until");