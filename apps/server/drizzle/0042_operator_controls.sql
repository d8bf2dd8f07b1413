-- Operator controls (DESIGN D18, issue #37, docs/decisions/0043): admin roles, maintenance mode, announcements.
CREATE TABLE "admin_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"granted_by" uuid,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_roles_pkey" PRIMARY KEY("user_id","role"),
	CONSTRAINT "admin_roles_role_check" CHECK ("admin_roles"."role" in ('superadmin', 'finance', 'support', 'compliance'))
);
--> statement-breakpoint
ALTER TABLE "admin_roles" ADD CONSTRAINT "admin_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "admin_roles" ADD CONSTRAINT "admin_roles_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Every admin so far could do everything: they stay able to, as superadmins, so nothing breaks on upgrade.
INSERT INTO "admin_roles" ("user_id", "role", "granted_by", "granted_at")
	SELECT "id", 'superadmin', NULL, now() FROM "users" WHERE "role" = 'admin';
--> statement-breakpoint
CREATE TABLE "maintenance_mode" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"active" boolean NOT NULL,
	"message" text NOT NULL,
	"retry_after_seconds" integer NOT NULL,
	"since" timestamp with time zone,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "maintenance_mode_one_row" CHECK ("maintenance_mode"."id")
);
--> statement-breakpoint
ALTER TABLE "maintenance_mode" ADD CONSTRAINT "maintenance_mode_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"status" text NOT NULL,
	"cursor" uuid,
	"sent" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "announcements_status_check" CHECK ("announcements"."status" in ('sending', 'sent')),
	CONSTRAINT "announcements_audience_check" CHECK ("announcements"."audience" in ('all', 'verified', 'invested', 'inactive30'))
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "announcement_recipients" (
	"user_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_recipients_pkey" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;
