-- Last defined by a numbered migration, drizzle/0016_one_statement_more.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_settlement_due(p_user text, p_now timestamp with time zone, p_what text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  v_settled text;
  v_bot text;
  v_paid timestamptz;
BEGIN
  IF p_what = 'stake' THEN
    RETURN EXISTS (SELECT 1 FROM stakes s
      WHERE s.user_id = p_user::uuid AND s.status = 'active' AND s.ends_at <= p_now);
  END IF;
  SELECT e.daily_settled_through, e.bot_status, e.bot_paid_through INTO v_settled, v_bot, v_paid
    FROM engagement e WHERE e.user_id = p_user::uuid;
  RETURN NOT FOUND
    OR v_settled < to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD')
    OR (v_bot = 'active' AND coalesce(v_paid <= p_now, true));
END;
$function$;
