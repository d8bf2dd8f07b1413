-- Sign-in history: a password accepted but no valid second-factor code given (a wrong one, or none) is kept as
-- 'password-only', tied to its pending session (session_hash) until the code completes it ('success'). An
-- attempt that never completes is e-mailed to the account once (reported_at); modules/account/sign-ins.ts.
ALTER TABLE "sign_in_events" DROP CONSTRAINT "sign_in_events_outcome_check";
--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_outcome_check" CHECK ("outcome" in ('success', 'failed', 'password-only'));
--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD COLUMN "session_hash" text;
--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD COLUMN "reported_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "sign_in_events_unreported_idx" ON "sign_in_events" USING btree ("created_at") WHERE "outcome" = 'password-only' AND "reported_at" IS NULL;
