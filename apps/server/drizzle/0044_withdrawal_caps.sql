-- Withdrawal caps (issue #37 point 4, DESIGN D18, docs/decisions/0044-withdrawal-controls.md): a user's own daily and
-- monthly caps, set by finance; without a row (or with a null cap) the configured default applies. The request's
-- statement (sql/functions/withdrawals/withdrawal_controls.sql) reads it under the user's locks.
CREATE TABLE "withdrawal_limits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_cap" bigint,
	"monthly_cap" bigint,
	"note" text DEFAULT '' NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawal_limits_daily_cap_check" CHECK ("withdrawal_limits"."daily_cap" IS NULL OR "withdrawal_limits"."daily_cap" > 0),
	CONSTRAINT "withdrawal_limits_monthly_cap_check" CHECK ("withdrawal_limits"."monthly_cap" IS NULL OR "withdrawal_limits"."monthly_cap" > 0)
);
--> statement-breakpoint
ALTER TABLE "withdrawal_limits" ADD CONSTRAINT "withdrawal_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "withdrawal_limits" ADD CONSTRAINT "withdrawal_limits_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The caps sum a user's recent withdrawals: led by the user, then the time (the 30-day window reads no older row).
CREATE INDEX "withdrawals_user_requested_idx" ON "withdrawals" USING btree ("user_id","requested_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "withdrawals_user_idx";
