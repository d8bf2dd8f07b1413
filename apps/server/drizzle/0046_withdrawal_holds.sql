-- Holds after account changes (issue #37 point 3, DESIGN D18, docs/decisions/0044-withdrawal-controls.md): an admin's
-- change of a user's wallet or e-mail, the user's own e-mail change, a password reset or change, and two-factor turned
-- off each write a row; withdrawals wait until its end. Only changes from now on: no row exists for earlier ones, so
-- nobody is held by the upgrade. A wallet change's row also marks the first withdrawal to it for four eyes.
CREATE TABLE "withdrawal_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"change" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"wallet" text,
	CONSTRAINT "withdrawal_holds_change_check" CHECK ("withdrawal_holds"."change" in ('wallet', 'email', 'password', 'two-factor-off'))
);
--> statement-breakpoint
ALTER TABLE "withdrawal_holds" ADD CONSTRAINT "withdrawal_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "withdrawal_holds" ADD CONSTRAINT "withdrawal_holds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "withdrawal_holds_user_idx" ON "withdrawal_holds" USING btree ("user_id","changed_at");
