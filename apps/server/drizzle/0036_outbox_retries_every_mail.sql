-- The notifications job now also retries the mails requests write (welcome, reset code, security mails): a refusal
-- or a process that died before SMTP answered leaves them 'pending' with a next attempt, like a notification's.
-- The due index covers every pending mail, not only notifications'.
DROP INDEX IF EXISTS "email_outbox_due_idx";
--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" ("next_attempt_at") WHERE "status" = 'pending';
