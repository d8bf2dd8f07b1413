-- Issue #17, growth: what the leaderboard, the watcher and the treasury screen read is an index range, not a table.
-- The leaderboard's top 100 is a range of this index in rank order, and every staked balance (for the caller's
-- rank by binary search) is an index-only scan of it: only accounts with tokens staked are in it.
CREATE INDEX "accounts_staked_rank_idx" ON "accounts" USING btree ("balance" DESC, "owner")
  WHERE "code" = 'svp.staked' AND "owner" <> 'system' AND "balance" > 0;
--> statement-breakpoint
-- Users with nothing staked rank by username after every staker.
CREATE INDEX "users_leaderboard_name_idx" ON "users" USING btree ("username") WHERE "role" = 'user' AND NOT "disabled";
--> statement-breakpoint
-- The few owners the leaderboard leaves out (admins, disabled users), whose staked balances the ranks discount.
CREATE INDEX "users_not_ranked_idx" ON "users" USING btree ("id") WHERE "disabled" OR "role" <> 'user';
--> statement-breakpoint
-- The treasury screen reads the newest deposits first and asks, per address, for a confirmed sweep after it.
CREATE INDEX "deposits_chain_seen_idx" ON "deposits" USING btree ("chain_id", "seen_at" DESC);
--> statement-breakpoint
CREATE INDEX "treasury_steps_confirmed_sweeps_idx" ON "treasury_steps" USING btree ("chain_id", "from_address", "updated_at")
  WHERE "kind" = 'sweep' AND "status" = 'confirmed';
--> statement-breakpoint
-- The simulated chain's balance of an address reads the transfers to it (those from it use the nonce key).
CREATE INDEX "simulated_transfers_to_idx" ON "simulated_transfers" USING btree ("to_address");
