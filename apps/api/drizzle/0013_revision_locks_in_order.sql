-- Written by hand (drizzle-kit does not model triggers). Issue 23's bench: members of one household
-- creating shared tasks assigned to each other at the same time deadlocked on PostgreSQL (40P01,
-- answered 500): a task of A's assigned to B locked A's users row and then B's, one of B's assigned
-- to A locked B's and then A's. The rows a write's revisions live in are now locked first, the
-- users' by ascending id and the household's after them, in every write; otherwise as in 0012.
CREATE OR REPLACE FUNCTION "bump_lists_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	-- 1 for the table the row is in, 0 for the other.
	task integer := (TG_TABLE_NAME = 'tasks')::integer;
	subscription integer := (TG_TABLE_NAME = 'subscriptions')::integer;
	moved boolean := TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id";
BEGIN
	-- In a DELETE, NEW is null; in an INSERT, OLD is.
	PERFORM 1 FROM "users"
		WHERE "id" IN (OLD."user_id", NEW."user_id", OLD."assignee_id", NEW."assignee_id")
		ORDER BY "id" FOR NO KEY UPDATE;
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
