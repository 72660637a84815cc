ALTER TABLE "users" ADD COLUMN "lists_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not model triggers). Every write to a user's
-- tasks or subscriptions bumps that user's lists_revision in the same transaction, whoever
-- writes: the API, another API process, or someone at a psql prompt. An UPDATE that moves a row
-- to another user bumps both users.
CREATE FUNCTION "bump_lists_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "users" SET "lists_revision" = "lists_revision" + 1 WHERE "id" = OLD."user_id";
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
		UPDATE "users" SET "lists_revision" = "lists_revision" + 1 WHERE "id" = NEW."user_id";
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_bump_lists_revision" AFTER INSERT OR UPDATE OR DELETE ON "tasks"
	FOR EACH ROW EXECUTE FUNCTION "bump_lists_revision"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_bump_lists_revision" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
	FOR EACH ROW EXECUTE FUNCTION "bump_lists_revision"();
