-- live_listeners was UNLOGGED (0020): not written to the WAL, so never streamed to a standby. After a switchover
-- or a failover the new primary had none of the open streams' rows, and notification_add (which notifies only
-- users with a row) woke nobody: every live stream stayed open and silent until it was reopened (found by
-- `npm run drill:failover`). The app instances outlive the database's primary, so their rows must too.
ALTER TABLE "live_listeners" SET LOGGED;
