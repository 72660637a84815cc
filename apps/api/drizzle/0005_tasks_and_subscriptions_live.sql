CREATE TABLE "task_completions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_completions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"occurrence" integer NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"frequency" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_frequency_check";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Edited by hand: existing rows get a value before the column is made NOT NULL (decisions D10:
-- the date entered is the anchor; every subscription was active).
ALTER TABLE "subscriptions" ADD COLUMN "renewal_anchor" date;--> statement-breakpoint
UPDATE "subscriptions" SET "renewal_anchor" = "next_renewal_date";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "renewal_anchor" SET NOT NULL;--> statement-breakpoint
-- Edited by hand, likewise (decisions D9: an existing task's due date is its anchor, occurrence 0).
ALTER TABLE "tasks" ADD COLUMN "anchor_at" timestamp with time zone;--> statement-breakpoint
UPDATE "tasks" SET "anchor_at" = "due_date";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "anchor_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "occurrence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_completions_task_idx" ON "task_completions" USING btree ("task_id","id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_frequency_check" CHECK ("tasks"."frequency" IN ('Once', 'Daily', 'Weekly', 'Monthly', 'Yearly'));