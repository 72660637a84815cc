CREATE TABLE "reminder_deliveries" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"morning" date NOT NULL,
	CONSTRAINT "reminder_deliveries_user_id_key_channel_pk" PRIMARY KEY("user_id","key","channel")
);
--> statement-breakpoint
CREATE TABLE "reminder_mornings" (
	"user_id" integer NOT NULL,
	"morning" date NOT NULL,
	"channel" text NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_job" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" text NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_mornings_user_id_morning_channel_pk" PRIMARY KEY("user_id","morning","channel")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_hour" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_mornings" ADD CONSTRAINT "reminder_mornings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_deliveries_morning_idx" ON "reminder_deliveries" USING btree ("user_id","channel","morning");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reminder_hour_check" CHECK ("users"."reminder_hour" BETWEEN 0 AND 23);