-- The ledger check's mark (docs/decisions/0031): the bound a mark waits for is an xid assigned after the
-- sequence was read.
--
-- The mark kept the xmax of a snapshot taken after reading the sequence's last value L, as "above the xid of every
-- transaction holding an id <= L". A snapshot's xmax is the last completed xid + 1, not the next xid to be
-- assigned: a running transaction whose xid is the newest one has an xid equal to it. Its posting was judged
-- settled while it was still uncommitted, the pass took its id without seeing its entries, and after it committed
-- its accounts showed "cached ≠ entries" though a full recount found nothing.
--
-- xids are handed out in order, so one assigned after the read of L is above the xid of every transaction that
-- held an id <= L then (the id column's default assigns the xid before the id). The mark now takes its own
-- transaction's xid, assigned right after that read; nothing before the read may assign it (the state row's lock
-- would: FOR UPDATE writes the locker's xid), so the row is locked after. Settled is unchanged in
-- ledger_check_verify: the oldest running xid is at or above the bound, so every transaction that could hold an
-- id <= L has committed or aborted, and a snapshot taken then sees every committed one.
CREATE OR REPLACE FUNCTION ledger_check_mark(OUT o_candidate bigint) AS $$
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
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- "Every posting gets its xid before its id" must hold for every writer, not only for those that wrote something
-- earlier in their transaction: an INSERT evaluates its column defaults (the id's nextval) before the row is
-- written and the xid assigned, and nextval itself assigns one only when it WAL-logs (one fetch in 32). A posting
-- that drew its id first could get an xid above a mark's bound and be judged settled while still running. The id's
-- default now assigns the transaction's xid before drawing the id.
CREATE OR REPLACE FUNCTION ledger_transaction_next_id() RETURNS bigint AS $$
  SELECT CASE WHEN pg_current_xact_id() IS NOT NULL THEN nextval('ledger_transactions_id_seq') END
$$ LANGUAGE sql VOLATILE;
--> statement-breakpoint
ALTER TABLE ledger_transactions ALTER COLUMN id SET DEFAULT ledger_transaction_next_id();
