-- Four eyes on large withdrawals (issue #37 point 2, DESIGN D18, docs/decisions/0044-withdrawal-controls.md): a request
-- above WITHDRAWAL_FOUR_EYES_ABOVE_USD, or the first to a newly changed wallet, needs two approvals by two different
-- admins. It stays 'pending' (so the treasury, which pays only 'approved', cannot pay it) until the second.
ALTER TABLE "withdrawals" ADD COLUMN "approvals_needed" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review_reasons" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" uuid;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;
--> statement-breakpoint
-- The database's own word on it: nothing needing two approvals is approved or paid without two different admins.
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_four_eyes_check" CHECK ("withdrawals"."approvals_needed" = 1 OR "withdrawals"."status" NOT IN ('approved', 'paid') OR ("withdrawals"."first_approved_by" IS NOT NULL AND "withdrawals"."approved_by" IS NOT NULL AND "withdrawals"."first_approved_by" <> "withdrawals"."approved_by"));
