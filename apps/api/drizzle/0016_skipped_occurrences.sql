-- decisions D9: a recurring task's occurrence can be skipped (passed over, not done); the skip is
-- kept with the completions, which put the task back the same way when undone. Every row already
-- there was marked done.
ALTER TABLE "task_completions" ADD COLUMN "skipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_once_skip_check" CHECK ("task_completions"."frequency" <> 'Once' OR NOT "task_completions"."skipped");