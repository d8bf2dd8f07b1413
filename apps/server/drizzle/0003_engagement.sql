CREATE TABLE "engagement" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"welcome_claimed_at" timestamp with time zone,
	"daily_settled_through" text NOT NULL,
	"bot_status" text DEFAULT 'inactive' NOT NULL,
	"bot_reason" text,
	"bot_activated_at" timestamp with time zone,
	"bot_paid_through" timestamp with time zone,
	"last_tap_save_at" timestamp with time zone NOT NULL,
	"tap_day" text NOT NULL,
	"taps_today" integer DEFAULT 0 NOT NULL,
	"total_clicks" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tokens" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"credited_total" bigint DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "engagement" ADD CONSTRAINT "engagement_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stakes_one_active_per_user" ON "stakes" USING btree ("user_id") WHERE "stakes"."status" = 'active';