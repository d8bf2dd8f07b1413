-- Issue #17: a user's investments by an index (docs/decisions/0029). Only the active plan had one (the partial
-- unique index); the first-investment test of the referral bonus in api_invest (count of the user's
-- investments) and the daily coins' accrual (every investment of the user with its plan's power) read the
-- whole investments table on every call: 40 % of an investment's cost with 10,000 plans in the bench
-- (573 → 971 req/s with the referral rule off), and growing with every plan ever started.
CREATE INDEX IF NOT EXISTS "investments_user_idx" ON "investments" ("user_id");
