-- Issue #17: every account update was a non-HOT update. `accounts_staked_rank_idx` (migration 0012) indexed
-- `balance`, and PostgreSQL takes the HOT path only when no indexed column changes, so each posting wrote a new
-- entry into every index of `accounts` for every leg, and left the dead ones for vacuum (ADR 0032).
-- The leaderboard's staked balances move to a table of their own, kept by a trigger on the one account kind it
-- ranks; `accounts` keeps only indexes on columns a posting never changes.
-- A user with nothing staked, and never had, has no row: sign-ups open a `svp.staked` account at 0 and pay nothing.
CREATE TABLE "staking_ranks" (
  "owner" text PRIMARY KEY NOT NULL,
  "balance" bigint NOT NULL
);
--> statement-breakpoint
-- The top 100 is a range of it; every staked balance (the caller's rank, by binary search) an index-only scan.
CREATE INDEX "staking_ranks_rank_idx" ON "staking_ranks" USING btree ("balance" DESC, "owner") WHERE "balance" > 0;
--> statement-breakpoint
INSERT INTO "staking_ranks" ("owner", "balance")
  SELECT "owner", "balance" FROM "accounts" WHERE "code" = 'svp.staked' AND "owner" <> 'system' AND "balance" <> 0;
--> statement-breakpoint
-- Runs under the account row's lock (the posting's update, or the insert's unique key): two writers of one
-- owner's rank come in that lock's order, and no other lock is taken, so no new deadlock.
CREATE FUNCTION "staking_rank_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staking_ranks (owner, balance) VALUES (NEW.owner, NEW.balance)
  ON CONFLICT (owner) DO UPDATE SET balance = EXCLUDED.balance;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- WHEN clauses are evaluated without calling the function: the other accounts' updates pay a comparison.
CREATE TRIGGER "accounts_staking_rank_insert" AFTER INSERT ON "accounts"
  FOR EACH ROW WHEN (NEW."code" = 'svp.staked' AND NEW."owner" <> 'system' AND NEW."balance" <> 0)
  EXECUTE FUNCTION "staking_rank_sync"();
--> statement-breakpoint
CREATE TRIGGER "accounts_staking_rank_update" AFTER UPDATE OF "balance" ON "accounts"
  FOR EACH ROW WHEN (NEW."code" = 'svp.staked' AND NEW."owner" <> 'system' AND NEW."balance" <> OLD."balance")
  EXECUTE FUNCTION "staking_rank_sync"();
--> statement-breakpoint
DROP INDEX "accounts_staked_rank_idx";
--> statement-breakpoint
-- Room on each page for the next version of its rows, so an update stays on its page (HOT) from the start.
ALTER TABLE "accounts" SET (fillfactor = 90);
