-- Withdrawal controls (docs/decisions/0044-withdrawal-controls.md): the user's caps and what is used of them, and
-- whether the request needs a second admin's approval; point 3's holds after account changes. The request's
-- statement calls it after locking the user's plan and earnings account (so two requests of one user take turns and
-- the second sees the first's withdrawal), and the quote and the admin's limits page call it to show the same figures.
DROP FUNCTION IF EXISTS public.withdrawal_controls(uuid, timestamp with time zone, bigint, bigint, bigint);
DROP FUNCTION IF EXISTS public.withdrawal_controls(uuid, timestamp with time zone, bigint, bigint, bigint, bigint);
CREATE OR REPLACE FUNCTION public.withdrawal_controls(p_user_id uuid, p_now timestamp with time zone, p_payout bigint, p_daily_cap bigint, p_monthly_cap bigint, p_four_eyes_above bigint, p_wallet text, p_new_wallet_ms bigint, OUT o_refusal text, OUT o_daily_cap bigint, OUT o_daily_used bigint, OUT o_monthly_cap bigint, OUT o_monthly_used bigint, OUT o_review text[], OUT o_hold_until timestamp with time zone, OUT o_hold_change text)
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
  -- Holds (point 3): the latest-ending change still in force refuses first, whatever the caps say.
  SELECT h.ends_at, h.change INTO o_hold_until, o_hold_change FROM withdrawal_holds h
    WHERE h.user_id = p_user_id AND h.ends_at > p_now ORDER BY h.ends_at DESC LIMIT 1;
  IF o_hold_until IS NOT NULL THEN
    o_refusal := 'hold';
  END IF;
  -- The first withdrawal to a wallet changed within the window needs four eyes too (none since the change).
  IF p_new_wallet_ms > 0 AND EXISTS (SELECT 1 FROM withdrawal_holds h
      WHERE h.user_id = p_user_id AND h.change = 'wallet' AND lower(h.wallet) = lower(p_wallet)
        AND h.changed_at > p_now - p_new_wallet_ms * interval '1 millisecond'
        AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.user_id = p_user_id AND w.status <> 'rejected'
          AND w.requested_at >= h.changed_at AND lower(w.wallet) = lower(p_wallet))) THEN
    o_review := o_review || 'new-wallet'::text;
  END IF;
END;
$function$;
