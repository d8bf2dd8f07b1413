-- Last defined by a numbered migration, drizzle/0031_statement_legs_sorted_in_place.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_statement_legs(p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[], p_user text, p_recipient text, OUT o_owners text[], OUT o_codes text[], OUT o_assets text[], OUT o_amounts bigint[], OUT o_allow_negative boolean[])
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
DECLARE
  v_n int := coalesce(array_length(p_owners, 1), 0);
  v_i int;
  v_j int;
  v_owner text;
  v_code text;
  v_asset text;
  v_amount bigint;
  v_negative boolean;
BEGIN
  IF v_n = 0 THEN
    RETURN; -- no legs: NULL arrays, as the aggregates gave
  END IF;
  o_owners := p_owners;
  o_codes := p_codes;
  o_assets := p_assets;
  o_amounts := p_amounts;
  o_allow_negative := p_allow_negative;
  FOR v_i IN 1 .. v_n LOOP
    o_owners[v_i] := CASE o_owners[v_i] WHEN '$user' THEN p_user WHEN '$recipient' THEN p_recipient ELSE o_owners[v_i] END;
  END LOOP;
  FOR v_i IN 2 .. v_n LOOP
    v_owner := o_owners[v_i];
    v_code := o_codes[v_i];
    v_asset := o_assets[v_i];
    v_amount := o_amounts[v_i];
    v_negative := o_allow_negative[v_i];
    v_j := v_i - 1;
    -- NULL owners (an unknown recipient) sort last, as ORDER BY put them.
    WHILE v_j >= 1 AND (
        (o_owners[v_j] IS NULL AND v_owner IS NOT NULL)
        OR o_owners[v_j] COLLATE "C" > v_owner COLLATE "C"
        OR (o_owners[v_j] IS NOT DISTINCT FROM v_owner AND o_codes[v_j] COLLATE "C" > v_code COLLATE "C")) LOOP
      o_owners[v_j + 1] := o_owners[v_j];
      o_codes[v_j + 1] := o_codes[v_j];
      o_assets[v_j + 1] := o_assets[v_j];
      o_amounts[v_j + 1] := o_amounts[v_j];
      o_allow_negative[v_j + 1] := o_allow_negative[v_j];
      v_j := v_j - 1;
    END LOOP;
    o_owners[v_j + 1] := v_owner;
    o_codes[v_j + 1] := v_code;
    o_assets[v_j + 1] := v_asset;
    o_amounts[v_j + 1] := v_amount;
    o_allow_negative[v_j + 1] := v_negative;
  END LOOP;
END;
$function$;
