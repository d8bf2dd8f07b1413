-- Issue #37 points 2 and 4 (docs/decisions/0044-withdrawal-controls.md): the user's caps and what is used of them, and
-- whether the request needs a second admin's approval. The request's
-- statement calls it after locking the user's plan and earnings account (so two requests of one user take turns and
-- the second sees the first's withdrawal), and the quote and the admin's limits page call it to show the same figures.
DROP FUNCTION IF EXISTS public.withdrawal_controls(uuid, timestamp with time zone, bigint, bigint, bigint);
CREATE OR REPLACE FUNCTION public.withdrawal_controls(p_user_id uuid, p_now timestamp with time zone, p_payout bigint, p_daily_cap bigint, p_monthly_cap bigint, p_four_eyes_above bigint, OUT o_refusal text, OUT o_daily_cap bigint, OUT o_daily_used bigint, OUT o_monthly_cap bigint, OUT o_monthly_used bigint, OUT o_review text[])
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  v_daily bigint;
  v_monthly bigint;
BEGIN
  -- The user's own caps (finance's override), else the configured defaults; 0 configured means no cap.
  SELECT l.daily_cap, l.monthly_cap INTO v_daily, v_monthly FROM withdrawal_limits l WHERE l.user_id = p_user_id;
  o_daily_cap := coalesce(v_daily, nullif(p_daily_cap, 0));
  o_monthly_cap := coalesce(v_monthly, nullif(p_monthly_cap, 0));
  -- Rolling windows (CAP_WINDOW_HOURS in packages/shared): every payout requested within them counts until it is
  -- rejected (a rejection gives the money back, so it gives the allowance back too).
  SELECT coalesce(sum(w.payout) FILTER (WHERE w.requested_at > p_now - interval '24 hours'), 0),
         coalesce(sum(w.payout), 0)
    INTO o_daily_used, o_monthly_used
    FROM withdrawals w
    WHERE w.user_id = p_user_id AND w.requested_at > p_now - interval '720 hours' AND w.status <> 'rejected';
  IF o_daily_cap IS NOT NULL AND o_daily_used + p_payout > o_daily_cap THEN
    o_refusal := 'daily-cap';
  ELSIF o_monthly_cap IS NOT NULL AND o_monthly_used + p_payout > o_monthly_cap THEN
    o_refusal := 'monthly-cap';
  END IF;
  -- Four eyes (point 2): a payout above the configured figure needs a second admin's approval; 0 means never.
  o_review := '{}';
  IF p_four_eyes_above > 0 AND p_payout > p_four_eyes_above THEN
    o_review := o_review || 'large'::text;
  END IF;
END;
$function$;
