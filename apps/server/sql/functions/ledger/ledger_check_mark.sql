-- Last defined by a numbered migration, drizzle/0037_ledger_check_xmax.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.ledger_check_mark(OUT o_candidate bigint)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  s ledger_check_state;
  v_last bigint;
  v_bound xid8;
BEGIN
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    -- An xid assigned before the read below could lie under an id-holder's: the bound would be wrong.
    RAISE EXCEPTION 'ledger_check_mark must run in a transaction that has not written anything';
  END IF;
  SELECT CASE WHEN q.is_called THEN q.last_value ELSE 0 END INTO v_last FROM ledger_transactions_id_seq q;
  v_bound := pg_current_xact_id();
  SELECT * INTO s FROM ledger_check_state WHERE id = 1 FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    RETURN; -- another process is marking or verifying
  END IF;
  o_candidate := s.candidate_through;
  IF s.candidate_through > s.verified_through THEN
    RETURN;
  END IF;
  -- (Another pass may have marked and verified past v_last since the read: nothing to mark then.)
  IF v_last <= s.verified_through THEN
    RETURN;
  END IF;
  UPDATE ledger_check_state SET candidate_through = v_last, candidate_xmax = v_bound WHERE id = 1;
  o_candidate := v_last;
END;
$function$;
