-- Who has a live stream open, and on which app instance (DESIGN D17, docs/decisions/0028). pg_notify makes every
-- transaction that calls it commit one at a time (PostgreSQL takes one lock for the notification queue at commit,
-- held through the commit's WAL flush): called in every money transaction that writes a notification, it cost an
-- investment 30% of its throughput. notification_add now notifies only when someone listens for that user.
-- UNLOGGED: after a crash it is empty, as the streams are; each instance refreshes its rows, and rows of an
-- instance that stopped refreshing are removed by the others (modules/events/live-bus.ts).
CREATE UNLOGGED TABLE "live_listeners" (
	"user_id" uuid NOT NULL,
	"instance" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("user_id", "instance")
);
--> statement-breakpoint
CREATE INDEX "live_listeners_instance_idx" ON "live_listeners" ("instance");
--> statement-breakpoint
-- Migration 0015's notification_add, waking live streams only where one is open.
CREATE OR REPLACE FUNCTION notification_add(
  p_user uuid, p_type text, p_category text, p_params jsonb, p_event_key text, p_now timestamptz
) RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO notifications (user_id, type, category, params, event_key, created_at)
    VALUES (p_user, p_type, p_category, p_params, p_event_key, p_now)
    ON CONFLICT (user_id, event_key) DO NOTHING
    RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN NULL;
  END IF;
  IF p_category = 'security' OR NOT EXISTS (
      SELECT 1 FROM notification_settings s WHERE s.user_id = p_user AND p_category = ANY (s.email_off)) THEN
    INSERT INTO email_outbox (to_address, subject, body, kind, status, created_at, notification_id, next_attempt_at)
      SELECT u.email, p_type, NULL, 'notification', 'pending', p_now, v_id, p_now FROM users u WHERE u.id = p_user;
  END IF;
  IF EXISTS (SELECT 1 FROM live_listeners l WHERE l.user_id = p_user) THEN
    PERFORM pg_notify('svp_notifications', json_build_object('id', v_id::text, 'userId', p_user)::text);
  END IF;
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
