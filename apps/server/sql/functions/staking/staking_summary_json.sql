-- Last defined by a numbered migration, drizzle/0011_one_statement.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.staking_summary_json(p_user uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'username', u.username,
    'balances', (SELECT jsonb_object_agg(a.code, a.balance::text) FROM accounts a WHERE a.owner = u.id::text),
    'stake', (SELECT jsonb_build_object('tokens', s.tokens::text, 'status', s.status,
        'started_ms', (extract(epoch from s.started_at) * 1000)::bigint::text,
        'ends_ms', (extract(epoch from s.ends_at) * 1000)::bigint::text,
        'credited_total', s.credited_total::text)
      FROM stakes s WHERE s.user_id = u.id ORDER BY s.started_at DESC LIMIT 1))
  FROM users u WHERE u.id = p_user);
END;
$function$;
