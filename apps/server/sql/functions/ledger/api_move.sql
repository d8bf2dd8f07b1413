-- Last defined by a numbered migration, drizzle/0016_one_statement_more.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_move(p_kind text, p_key text, p_user text, p_memo text, p_now timestamp with time zone, p_from_owner text, p_from_code text, p_to_owner text, p_to_code text, p_asset text, p_amount bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_owners text[];
  v_codes text[];
  v_assets text[];
  v_amounts bigint[];
  v_negative boolean[];
BEGIN
  SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
    FROM api_statement_legs(ARRAY[p_from_owner, p_to_owner], ARRAY[p_from_code, p_to_code], ARRAY[p_asset, p_asset],
      ARRAY[-p_amount, p_amount], ARRAY[p_from_owner = 'system', p_to_owner = 'system'], p_user, NULL);
  PERFORM ledger_post(p_kind, p_key, p_user, p_memo, p_now, v_owners, v_codes, v_assets, v_amounts, v_negative,
    NULL, NULL, NULL);
END;
$function$;
