-- Functions that are gone, each by its full signature: applied before the function files whenever this file
-- changes, and held by test/db/sql-functions.test.ts (none of these may exist). A signature change of a function
-- that keeps its name lists the old signature here (sql/README.md).

-- Migration 0016: api_user_posting took p_settle.
DROP FUNCTION IF EXISTS public.api_user_posting(text, timestamptz, bigint, bigint, text, text, text, text, boolean,
  text, text, text, text, text[], text[], text[], bigint[], boolean[], text);
-- Migration 0035: the previous release's withdrawal functions.
DROP FUNCTION IF EXISTS public.api_withdrawal_request(text, timestamptz, bigint, bigint, text, text, text, text, boolean,
  jsonb, text, text, uuid, bigint, bigint, bigint, bigint, bigint, timestamptz, text, text, text[], text[], text[],
  bigint[], boolean[], text, text, jsonb);
DROP FUNCTION IF EXISTS public.api_withdrawal_read(text, timestamptz, bigint, bigint);
DROP FUNCTION IF EXISTS public.api_withdrawal_state(text);
DROP FUNCTION IF EXISTS public.api_withdraw_earned(text, timestamptz, bigint, bigint, text, text, text, text, boolean,
  jsonb, text, bigint, bigint, text, bigint, text, text);
DROP FUNCTION IF EXISTS public.api_earned_read(text, timestamptz, bigint, bigint);
DROP FUNCTION IF EXISTS public.api_earned_state(text);
-- Migration 0039: api_save_taps took p_window_ms.
DROP FUNCTION IF EXISTS public.api_save_taps(text, timestamptz, bigint, bigint, text, text, text, text, boolean, text,
  int, int, int, bigint, bigint);
