-- Edited by hand so that a database with rows migrates: attempts in flight were bound to no
-- browser and are dropped (they last 10 minutes; the person starts again), and a sign-in made
-- before this migration ends 30 days after it began, the default absolute lifetime.
DELETE FROM "login_attempts";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "browser_challenge" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "exchanged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_jti" uuid;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sign_ins" SET "expires_at" = "created_at" + interval '30 days';--> statement-breakpoint
ALTER TABLE "sign_ins" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_code_hash_unique" UNIQUE("code_hash");
