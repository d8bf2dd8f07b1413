-- The admin users table reads users in sign-up order, a page at a time: with this index a page is a short
-- range read at any number of users instead of a sort of the whole table.
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");
