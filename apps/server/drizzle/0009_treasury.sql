CREATE TABLE "treasury_snapshots" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"treasury_raw" numeric(78, 0) NOT NULL,
	"unswept_raw" numeric(78, 0) NOT NULL,
	"unswept_addresses" integer NOT NULL,
	"decimals" integer NOT NULL,
	"gas_wei" numeric(78, 0) NOT NULL,
	"sweep_gas_wei" numeric(78, 0) NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"withdrawal_id" uuid,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount_raw" numeric(78, 0) NOT NULL,
	"nonce" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_transfers" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" numeric(78, 0) NOT NULL,
	"to_address" text NOT NULL,
	"amount_raw" numeric(78, 0) NOT NULL,
	"decimals" integer NOT NULL,
	"withdrawal_id" uuid,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "treasury_transfers_pkey" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
ALTER TABLE "simulated_transfers" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "simulated_transfers" ADD COLUMN "nonce" integer;--> statement-breakpoint
ALTER TABLE "simulated_transfers" ADD COLUMN "reverted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "treasury_steps" ADD CONSTRAINT "treasury_steps_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transfers" ADD CONSTRAINT "treasury_transfers_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_steps_chain_tx_key" ON "treasury_steps" USING btree ("chain_id","tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_steps_one_live_payout" ON "treasury_steps" USING btree ("withdrawal_id") WHERE "treasury_steps"."kind" = 'payout' and "treasury_steps"."status" <> 'dropped';--> statement-breakpoint
CREATE INDEX "treasury_steps_open_idx" ON "treasury_steps" USING btree ("status") WHERE "treasury_steps"."status" in ('signed', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_transfers_withdrawal_key" ON "treasury_transfers" USING btree ("withdrawal_id") WHERE "treasury_transfers"."withdrawal_id" is not null;--> statement-breakpoint
CREATE INDEX "treasury_transfers_unmatched_idx" ON "treasury_transfers" USING btree ("seen_at") WHERE "treasury_transfers"."withdrawal_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_transfers_from_nonce_key" ON "simulated_transfers" USING btree ("from_address","nonce");--> statement-breakpoint
ALTER TABLE "simulated_transfers" ADD CONSTRAINT "simulated_transfers_tx_hash_key" UNIQUE("tx_hash");