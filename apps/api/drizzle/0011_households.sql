CREATE TABLE "household_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "household_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"household_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	CONSTRAINT "household_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "household_members" (
	"household_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_members_household_id_user_id_pk" PRIMARY KEY("household_id","user_id"),
	CONSTRAINT "household_members_user_unique" UNIQUE("user_id"),
	CONSTRAINT "household_members_role_check" CHECK ("household_members"."role" IN ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "households_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_invitations_household_idx" ON "household_invitations" USING btree ("household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "household_members_one_owner" ON "household_members" USING btree ("household_id") WHERE "household_members"."role" = 'owner';--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not model triggers). When a member's row goes
-- (they leave, are removed, or delete their account), a household keeps an owner: if it was the
-- owner's, the member who joined first after them becomes the owner. A household left without
-- members is deleted, with its invitations.
CREATE FUNCTION "household_member_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."role" = 'owner' THEN
		UPDATE "household_members" SET "role" = 'owner'
		WHERE ("household_id", "user_id") = (
			SELECT "household_id", "user_id" FROM "household_members"
			WHERE "household_id" = OLD."household_id"
			ORDER BY "joined_at", "user_id"
			LIMIT 1
		);
	END IF;
	DELETE FROM "households" WHERE "id" = OLD."household_id"
		AND NOT EXISTS (SELECT 1 FROM "household_members" WHERE "household_id" = OLD."household_id");
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "household_members_gone" AFTER DELETE ON "household_members"
	FOR EACH ROW EXECUTE FUNCTION "household_member_gone"();
