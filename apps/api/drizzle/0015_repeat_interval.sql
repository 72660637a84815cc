-- decisions D9: a schedule's interval (every 2 weeks, every 3 months) on tasks, subscriptions and the
-- completions' schedules; every row already there repeats every 1, as it always has.
ALTER TABLE "subscriptions" ADD COLUMN "repeat_interval" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "repeat_interval" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "repeat_interval" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_repeat_interval_check" CHECK ("subscriptions"."repeat_interval" BETWEEN 1 AND 99);--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_repeat_interval_check" CHECK ("task_completions"."repeat_interval" BETWEEN 1 AND 99);--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_once_interval_check" CHECK ("task_completions"."frequency" <> 'Once' OR "task_completions"."repeat_interval" = 1);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_repeat_interval_check" CHECK ("tasks"."repeat_interval" BETWEEN 1 AND 99);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_once_interval_check" CHECK ("tasks"."frequency" <> 'Once' OR "tasks"."repeat_interval" = 1);--> statement-breakpoint
-- A proposal read before intervals carries the body POST /tasks/ or POST /subscriptions/ takes, as
-- the contract now says it: with its interval, 1.
UPDATE "files" SET "proposal" = jsonb_set("proposal"::jsonb, ARRAY["proposal"->>'kind', 'interval'], '1')::json WHERE "proposal" IS NOT NULL AND "proposal"->>'kind' IN ('task', 'subscription');
