-- Last defined by a numbered migration, drizzle/0029_deposits_time_ordered.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.ledger_check_deposit_findings(p_after bigint, p_through bigint)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO ledger_check_findings (kind, subject, detail)
    SELECT 'deposit-credit', t.id::text, t.idempotency_key || ' is not its deposit''s credit' FROM ledger_transactions t
    WHERE t.id > p_after AND t.id <= p_through AND t.kind = 'deposit'
      AND NOT EXISTS (SELECT 1 FROM deposits d
        WHERE d.chain_id = ledger_check_int(split_part(t.idempotency_key, ':', 2))
          AND d.tx_hash = split_part(t.idempotency_key, ':', -2)
          AND d.log_index = ledger_check_int(split_part(t.idempotency_key, ':', -1))
          AND d.ledger_transaction_id = t.id)
    ON CONFLICT DO NOTHING;
$function$;
