CREATE TABLE "rejected_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" numeric(78, 0) NOT NULL,
	"block_number" numeric(78, 0) NOT NULL,
	"address" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_raw" numeric(78, 0) NOT NULL,
	"decimals" integer NOT NULL,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rejected_deposits" ADD CONSTRAINT "rejected_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rejected_deposits_chain_tx_log_key" ON "rejected_deposits" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "rejected_deposits_seen_idx" ON "rejected_deposits" USING btree ("seen_at");