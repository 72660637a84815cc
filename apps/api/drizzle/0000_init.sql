CREATE TABLE "login_attempts" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"sign_in_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"frequency" text NOT NULL,
	"next_renewal_date" date NOT NULL,
	"remind_days_before" integer NOT NULL,
	"priority" text NOT NULL,
	"cancel_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_frequency_check" CHECK ("subscriptions"."frequency" IN ('Daily', 'Weekly', 'Monthly', 'Yearly')),
	CONSTRAINT "subscriptions_priority_check" CHECK ("subscriptions"."priority" IN ('Low', 'Medium', 'High')),
	CONSTRAINT "subscriptions_cost_check" CHECK ("subscriptions"."cost" >= 0),
	CONSTRAINT "subscriptions_remind_days_check" CHECK ("subscriptions"."remind_days_before" >= 0),
	CONSTRAINT "subscriptions_name_check" CHECK (length("subscriptions"."name") > 0)
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"due_date" timestamp with time zone NOT NULL,
	"frequency" text NOT NULL,
	"priority" text NOT NULL,
	"category" text,
	"completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_frequency_check" CHECK ("tasks"."frequency" IN ('Daily', 'Weekly', 'Monthly', 'Yearly')),
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" IN ('Low', 'Medium', 'High')),
	CONSTRAINT "tasks_title_check" CHECK (length("tasks"."title") > 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"full_name" text,
	"picture" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_issuer_subject_unique" UNIQUE("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_sign_in_id_sign_ins_id_fk" FOREIGN KEY ("sign_in_id") REFERENCES "public"."sign_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_expires_idx" ON "login_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_sign_in_idx" ON "refresh_tokens" USING btree ("sign_in_id");--> statement-breakpoint
CREATE INDEX "sign_ins_user_idx" ON "sign_ins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_renewal_idx" ON "subscriptions" USING btree ("user_id","next_renewal_date","id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_frequency_idx" ON "subscriptions" USING btree ("user_id","frequency","next_renewal_date");--> statement-breakpoint
CREATE INDEX "subscriptions_user_priority_idx" ON "subscriptions" USING btree ("user_id","priority","next_renewal_date");--> statement-breakpoint
CREATE INDEX "tasks_user_due_idx" ON "tasks" USING btree ("user_id","due_date","id");