CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not model triggers). Every UPDATE of a task or
-- subscription, whoever makes it, counts one more revision and sets updated_at: a calendar app
-- reads them as the event's SEQUENCE and LAST-MODIFIED (issue 19). Rows made before this
-- migration count as revised when it ran.
CREATE FUNCTION "count_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."revision" := OLD."revision" + 1;
	NEW."updated_at" := now();
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_count_revision" BEFORE UPDATE ON "tasks"
	FOR EACH ROW EXECUTE FUNCTION "count_revision"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_count_revision" BEFORE UPDATE ON "subscriptions"
	FOR EACH ROW EXECUTE FUNCTION "count_revision"();
