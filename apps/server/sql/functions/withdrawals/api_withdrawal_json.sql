-- Last defined by a numbered migration, drizzle/0018_withdrawal_decisions.sql: its comments say why.
-- Four eyes (docs/decisions/0044-withdrawal-controls.md): the approvals it needs and has.
CREATE OR REPLACE FUNCTION public.api_withdrawal_json(p_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT jsonb_build_object('id', w.id, 'userId', w.user_id, 'kind', w.kind, 'gross', w.gross::text,
    'feeHandling', w.fee_handling::text, 'feeCrypto', w.fee_crypto::text, 'feeCharity', w.fee_charity::text,
    'payout', w.payout::text, 'wallet', w.wallet, 'status', w.status, 'txHash', w.tx_hash, 'reason', w.reason,
    'requestedAt', w.requested_at, 'dueAt', w.due_at, 'decidedAt', w.decided_at,
    'approvalsNeeded', w.approvals_needed, 'reviewReasons', to_jsonb(w.review_reasons),
    'firstApprovedBy', w.first_approved_by)
  FROM withdrawals w WHERE w.id = p_id;
$function$;
