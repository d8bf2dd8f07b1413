-- Users' optional second factor (issue 18) lives in the admins' TOTP table: one table and one set of rules for
-- every second factor (ADR 0024). Only the names change; rows, keys and the users foreign key stay.
ALTER TABLE "admin_totp" RENAME TO "totp_factors";--> statement-breakpoint
ALTER TABLE "totp_factors" RENAME CONSTRAINT "admin_totp_pkey" TO "totp_factors_pkey";--> statement-breakpoint
ALTER TABLE "totp_factors" RENAME CONSTRAINT "admin_totp_user_id_users_id_fk" TO "totp_factors_user_id_users_id_fk";
