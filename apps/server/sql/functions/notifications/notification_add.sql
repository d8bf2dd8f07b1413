-- Last defined by a numbered migration, drizzle/0020_live_listeners.sql: its comments say why. Since 0048 the mail's
-- row keeps the recipient's language (DESIGN D19): the mail job writes the mail in it, the same on every attempt.
CREATE OR REPLACE FUNCTION public.notification_add(p_user uuid, p_type text, p_category text, p_params jsonb, p_event_key text, p_now timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
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
    INSERT INTO email_outbox (to_address, subject, body, kind, status, created_at, notification_id, next_attempt_at, language)
      SELECT u.email, p_type, NULL, 'notification', 'pending', p_now, v_id, p_now, u.language FROM users u WHERE u.id = p_user;
  END IF;
  IF EXISTS (SELECT 1 FROM live_listeners l WHERE l.user_id = p_user) THEN
    PERFORM pg_notify('svp_notifications', json_build_object('id', v_id::text, 'userId', p_user)::text);
  END IF;
  RETURN v_id;
END;
$function$;
