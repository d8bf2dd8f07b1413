-- Issue #17: the previous release's withdrawal functions go. Migrations 0033 and 0034 kept them so that the
-- instances of that release could finish their requests during a rolling deploy; the release after them no longer
-- needs them. Each is dropped by its full signature, so the current overloads (22 and 16 parameters) stay.
DROP FUNCTION IF EXISTS api_withdrawal_request(text, timestamptz, bigint, bigint, text, text, text, text, boolean, jsonb,
  text, text, uuid, bigint, bigint, bigint, bigint, bigint, timestamptz, text, text, text[], text[], text[], bigint[],
  boolean[], text, text, jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS api_withdrawal_read(text, timestamptz, bigint, bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS api_withdrawal_state(text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS api_withdraw_earned(text, timestamptz, bigint, bigint, text, text, text, text, boolean, jsonb,
  text, bigint, bigint, text, bigint, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS api_earned_read(text, timestamptz, bigint, bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS api_earned_state(text);
