-- The account's language (DESIGN D19, docs/decisions/0046-languages.md): the web app speaks it once signed in and every
-- e-mail and notification is written in it. Existing accounts keep English, the language they have read so far.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'es', 'ru'));
