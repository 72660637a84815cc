CREATE TABLE "rate_limit_counters" (
	"limit_name" text NOT NULL,
	"subject" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_limit_name_subject_pk" PRIMARY KEY("limit_name","subject")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "task_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not model triggers). Issue 17: each user's
-- count of tasks and of subscriptions, kept by 0001's trigger in the UPDATE of the user's row it
-- already makes for lists_revision, so that a create checks the user's cap with a primary-key
-- lookup (src/http/row-caps.ts) instead of counting up to 50,000 rows. The users row is already
-- written on every change of a task or subscription; the counts cost no other write.
UPDATE "users" SET
	"task_count" = (SELECT count(*) FROM "tasks" WHERE "tasks"."user_id" = "users"."id"),
	"subscription_count" = (SELECT count(*) FROM "subscriptions" WHERE "subscriptions"."user_id" = "users"."id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_lists_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	-- 1 for the table the row is in, 0 for the other.
	task integer := (TG_TABLE_NAME = 'tasks')::integer;
	subscription integer := (TG_TABLE_NAME = 'subscriptions')::integer;
	moved boolean := TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id";
BEGIN
	IF TG_OP = 'DELETE' OR moved THEN
		UPDATE "users" SET "lists_revision" = "lists_revision" + 1,
			"task_count" = "task_count" - task,
			"subscription_count" = "subscription_count" - subscription
		WHERE "id" = OLD."user_id";
	ELSIF TG_OP = 'UPDATE' THEN
		UPDATE "users" SET "lists_revision" = "lists_revision" + 1 WHERE "id" = OLD."user_id";
	END IF;
	IF TG_OP = 'INSERT' OR moved THEN
		UPDATE "users" SET "lists_revision" = "lists_revision" + 1,
			"task_count" = "task_count" + task,
			"subscription_count" = "subscription_count" + subscription
		WHERE "id" = NEW."user_id";
	END IF;
	RETURN NULL;
END;
$$;
