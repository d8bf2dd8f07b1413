-- The language a notification's mail is written in (DESIGN D19): the recipient's users.language when the event queued
-- it, kept on the row so every attempt of the mail job sends the same text. Null for a mail a request wrote: its body
-- was rendered in the recipient's language when written. Rows queued before this migration go out in the
-- recipient's current language.
ALTER TABLE "email_outbox" ADD COLUMN "language" text;
