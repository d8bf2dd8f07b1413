ALTER TABLE "idempotency_keys" ADD COLUMN "claim" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "committed_at" timestamp with time zone;