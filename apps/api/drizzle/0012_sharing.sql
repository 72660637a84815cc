ALTER TABLE "households" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_assignee_idx" ON "subscriptions" USING btree ("assignee_id") WHERE "subscriptions"."assignee_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_shared_idx" ON "subscriptions" USING btree ("user_id","next_renewal_date","id") WHERE "subscriptions"."shared";--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks" USING btree ("assignee_id") WHERE "tasks"."assignee_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_shared_idx" ON "tasks" USING btree ("user_id","due_date","id") WHERE "tasks"."shared";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_assignee_check" CHECK ("subscriptions"."assignee_id" IS NULL OR "subscriptions"."shared");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_check" CHECK ("tasks"."assignee_id" IS NULL OR "tasks"."shared");--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not model triggers). Issue 23: a record
-- assigned to someone is in their list too (My View), so a write to it bumps the assignee's
-- lists_revision as well as the owner's; a write to a shared record bumps its household's
-- revision (the Family view's). Otherwise as in 0004.
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
	-- In a DELETE, NEW is null; in an INSERT, OLD is.
	IF OLD."assignee_id" IS NOT NULL THEN
		UPDATE "users" SET "lists_revision" = "lists_revision" + 1 WHERE "id" = OLD."assignee_id";
	END IF;
	IF NEW."assignee_id" IS NOT NULL AND NEW."assignee_id" IS DISTINCT FROM OLD."assignee_id" THEN
		UPDATE "users" SET "lists_revision" = "lists_revision" + 1 WHERE "id" = NEW."assignee_id";
	END IF;
	IF OLD."shared" OR NEW."shared" THEN
		UPDATE "households" SET "revision" = "revision" + 1 WHERE "id" IN (
			SELECT "household_id" FROM "household_members"
			WHERE "user_id" IN (OLD."user_id", NEW."user_id")
		);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A member's joining changes what the household's Family view holds.
CREATE FUNCTION "household_member_joined"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "households" SET "revision" = "revision" + 1 WHERE "id" = NEW."household_id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "household_members_joined" AFTER INSERT ON "household_members"
	FOR EACH ROW EXECUTE FUNCTION "household_member_joined"();
--> statement-breakpoint
-- A member's leaving (or removal, or account deletion), as in 0011, and now also: what they
-- shared stops being shared (were they to join another household, nothing of theirs would show
-- there until they shared it again), what was assigned to them by the others is theirs again,
-- and the household's revision moves on.
CREATE OR REPLACE FUNCTION "household_member_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "tasks" SET "shared" = false, "assignee_id" = NULL
		WHERE "user_id" = OLD."user_id" AND "shared";
	UPDATE "subscriptions" SET "shared" = false, "assignee_id" = NULL
		WHERE "user_id" = OLD."user_id" AND "shared";
	UPDATE "tasks" SET "assignee_id" = NULL WHERE "assignee_id" = OLD."user_id";
	UPDATE "subscriptions" SET "assignee_id" = NULL WHERE "assignee_id" = OLD."user_id";
	IF OLD."role" = 'owner' THEN
		UPDATE "household_members" SET "role" = 'owner'
		WHERE ("household_id", "user_id") = (
			SELECT "household_id", "user_id" FROM "household_members"
			WHERE "household_id" = OLD."household_id"
			ORDER BY "joined_at", "user_id"
			LIMIT 1
		);
	END IF;
	UPDATE "households" SET "revision" = "revision" + 1 WHERE "id" = OLD."household_id";
	DELETE FROM "households" WHERE "id" = OLD."household_id"
		AND NOT EXISTS (SELECT 1 FROM "household_members" WHERE "household_id" = OLD."household_id");
	RETURN NULL;
END;
$$;
