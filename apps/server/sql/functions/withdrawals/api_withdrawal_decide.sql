-- Last defined by a numbered migration, drizzle/0018_withdrawal_decisions.sql: its comments say why.
-- Four eyes: a withdrawal needing two approvals takes a first, then a different admin's second.
CREATE OR REPLACE FUNCTION public.api_withdrawal_decide(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean, p_id uuid, p_decision text, p_reason text, p_ip text, p_ledger_key text, p_usd_unit bigint, p_approved_category text, p_rejected_category text, OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  w withdrawals%ROWTYPE;
  v_kept bigint := 0;
  v_returned bigint;
  v_owners text[];
  v_codes text[];
  v_assets text[];
  v_amounts bigint[];
  v_negative boolean[];
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_session_open(p_token_hash, p_now, p_idle_ms, p_touch_ms, 'admin') f;
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  SELECT * INTO w FROM withdrawals WHERE id = p_id FOR UPDATE;
  IF NOT FOUND OR w.status <> 'pending' AND (p_decision = 'approve' OR w.status <> 'approved') THEN
    o_outcome := 'notPending';
  ELSIF p_decision = 'reject' AND EXISTS (SELECT 1 FROM treasury_steps s
      WHERE s.withdrawal_id = p_id AND s.kind = 'payout' AND s.status <> 'dropped') THEN
    o_outcome := 'payoutInFlight';
  ELSIF p_decision = 'approve' AND w.approvals_needed > 1 AND w.first_approved_by IS NULL THEN
    -- Four eyes (docs/decisions/0044-withdrawal-controls.md): the first of two approvals leaves it pending, so the
    -- treasury (which pays only 'approved') cannot pay it yet. The row's lock makes one of two racing admins first.
    UPDATE withdrawals SET first_approved_by = o_user_id::uuid, first_approved_at = p_now WHERE id = p_id;
    INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, ip, created_at)
      VALUES (o_user_id::uuid, 'withdrawal.first_approval', 'withdrawal', p_id::text, '{"approvals":0}',
        '{"approvals":1}', p_ip, p_now);
    o_outcome := 'firstApproval';
  ELSIF p_decision = 'approve' AND w.approvals_needed > 1 AND w.first_approved_by = o_user_id::uuid THEN
    o_outcome := 'sameAdmin';
  ELSIF p_decision = 'approve' THEN
    UPDATE withdrawals SET status = 'approved', approved_at = p_now, approved_by = o_user_id::uuid WHERE id = p_id;
    PERFORM notification_add(w.user_id, 'withdrawal.approved', p_approved_category,
      jsonb_build_object('payout', w.payout::text, 'wallet', w.wallet), 'withdrawal.approved:' || p_id, p_now);
    INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, ip, created_at)
      VALUES (o_user_id::uuid, 'withdrawal.approved', 'withdrawal', p_id::text, '{"status":"pending"}',
        '{"status":"approved"}', p_ip, p_now);
    o_outcome := 'ok';
  ELSE
    UPDATE withdrawals SET status = 'rejected', reason = p_reason, decided_at = p_now, decided_by = o_user_id::uuid
      WHERE id = p_id;
    IF w.kind = 'break' AND w.investment_id IS NOT NULL THEN
      SELECT i.amount - w.gross INTO v_kept FROM investments i WHERE i.id = w.investment_id;
      v_kept := coalesce(v_kept, 0);
    END IF;
    v_returned := w.gross + v_kept;
    SELECT array_agg(l.o), array_agg(l.c), array_agg('USD'::text), array_agg(l.a), array_agg(l.o = 'system')
      INTO v_owners, v_codes, v_assets, v_amounts, v_negative
      FROM (VALUES (w.user_id::text, 'usd.withdrawal_pending', -w.payout),
                   ('system', 'usd.fees.handling', -w.fee_handling),
                   ('system', 'usd.fees.crypto', -w.fee_crypto),
                   ('system', 'usd.fees.charity', -w.fee_charity),
                   ('system', 'usd.platform', -v_kept),
                   (w.user_id::text, 'usd.balance', v_returned)) AS l(o, c, a)
      WHERE l.a <> 0;
    IF v_owners IS NOT NULL THEN
      SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
        FROM api_statement_legs(v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL);
      PERFORM ledger_post('withdrawal.rejected', p_ledger_key, o_user_id,
        'Withdrawal rejected (' || p_reason || '): ' || api_coins_text(v_returned, p_usd_unit)
          || ' returned to your balance',
        p_now, v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL);
    END IF;
    PERFORM notification_add(w.user_id, 'withdrawal.rejected', p_rejected_category,
      jsonb_build_object('payout', w.payout::text, 'returned', v_returned::text, 'reason', p_reason),
      'withdrawal.rejected:' || p_id, p_now);
    INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, ip, created_at)
      VALUES (o_user_id::uuid, 'withdrawal.rejected', 'withdrawal', p_id::text,
        jsonb_build_object('status', w.status), jsonb_build_object('status', 'rejected', 'reason', p_reason),
        p_ip, p_now);
    o_outcome := 'ok';
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'withdrawal', api_withdrawal_json(p_id));
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$function$;
