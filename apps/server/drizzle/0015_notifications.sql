-- Issue #18, part 4: notifications (DESIGN D17, docs/decisions/0025). A notification is written in the same
-- transaction as its event, with its e-mail queued in the existing outbox (email_outbox); a background job
-- (modules/notifications/mail-job.ts) sends queued mails with retries. pg_notify tells every app instance's
-- live stream at commit.
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	-- One notification per event: the event's own key (a deposit's id, a withdrawal's id and status...).
	"event_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_idx" ON "notifications" ("user_id", "event_key");
--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
-- The e-mail categories a user turned off (security is never off: notification_add ignores it here).
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"email_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A notification's e-mail is an outbox row like the welcome mail, rendered by the job when it is sent:
-- status 'pending' until sent ('sent'), given up after the last attempt ('failed'), or kept ('outbox') without
-- SMTP. next_attempt_at is when a job may claim it: a claim moves it a lease ahead, a failure a backoff ahead.
ALTER TABLE "email_outbox" ADD COLUMN "notification_id" bigint REFERENCES "notifications"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" ("next_attempt_at")
  WHERE "status" = 'pending' AND "notification_id" IS NOT NULL;
--> statement-breakpoint
-- The one writer of notifications, from TypeScript (notifications.record) and from one-statement requests alike:
-- the notification, its e-mail unless the user turned the category off, and a wake-up for live streams
-- (pg_notify is delivered at commit, and not at all on rollback). An event seen twice (the same event key)
-- writes nothing the second time; the result is then null.
CREATE OR REPLACE FUNCTION notification_add(
  p_user uuid, p_type text, p_category text, p_params jsonb, p_event_key text, p_now timestamptz
) RETURNS bigint AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO notifications (user_id, type, category, params, event_key, created_at)
    VALUES (p_user, p_type, p_category, p_params, p_event_key, p_now)
    ON CONFLICT (user_id, event_key) DO NOTHING
    RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN NULL;
  END IF;
  IF p_category = 'security' OR NOT EXISTS (
      SELECT 1 FROM notification_settings s WHERE s.user_id = p_user AND p_category = ANY (s.email_off)) THEN
    INSERT INTO email_outbox (to_address, subject, body, kind, status, created_at, notification_id, next_attempt_at)
      SELECT u.email, p_type, NULL, 'notification', 'pending', p_now, v_id, p_now FROM users u WHERE u.id = p_user;
  END IF;
  PERFORM pg_notify('svp_notifications', json_build_object('id', v_id::text, 'userId', p_user)::text);
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Migration 0011's api_invest with its notifications: "plan started" for the investor and, on a first
-- investment's referral bonus, "referral bonus" for both people, in the same transaction as the posting.
CREATE OR REPLACE FUNCTION api_invest(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_refusal text, p_plan text, p_plan_name text, p_plan_min bigint, p_plan_multiplier bigint,
  p_investment_id uuid, p_days int, p_amount bigint, p_expected bigint, p_ends_at timestamptz,
  p_ledger_key text, p_memo text,
  p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[],
  p_referral_key_prefix text, p_referral_memo text,
  p_referral_owners text[], p_referral_codes text[], p_referral_assets text[], p_referral_amounts bigint[],
  p_referral_allow_negative boolean[],
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
DECLARE
  v_active_plan text;
  v_active_ends timestamptz;
  v_referrer text;
  v_owners text[];
  v_codes text[];
  v_assets text[];
  v_amounts bigint[];
  v_negative boolean[];
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_request_open(p_token_hash, p_now, p_idle_ms, p_touch_ms) f;
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  SELECT i.ends_at, p.name INTO v_active_ends, v_active_plan
    FROM investments i JOIN plans p ON p.code = i.plan_code
    WHERE i.user_id = o_user_id::uuid AND i.status = 'active';
  IF FOUND THEN
    o_outcome := CASE WHEN v_active_ends <= p_now THEN 'matured' ELSE 'active' END;
  ELSIF p_refusal IS NOT NULL THEN
    o_outcome := p_refusal;
  ELSIF NOT EXISTS (SELECT 1 FROM plans p WHERE p.code = p_plan AND p.name = p_plan_name
      AND p.min_amount = p_plan_min AND p.multiplier = p_plan_multiplier) THEN
    RAISE EXCEPTION 'plan % changed since it was read', p_plan USING ERRCODE = 'SV004';
  ELSE
    BEGIN
      INSERT INTO investments (id, user_id, plan_code, amount, expected_withdrawal, days, started_at, ends_at, status)
        VALUES (p_investment_id, o_user_id::uuid, p_plan, p_amount, p_expected, p_days, p_now, p_ends_at, 'active');
      SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
        FROM api_statement_legs(p_owners, p_codes, p_assets, p_amounts, p_allow_negative, o_user_id, NULL);
      PERFORM ledger_post('investment.start', p_ledger_key, o_user_id, p_memo, p_now,
        v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL, true);
      PERFORM notification_add(o_user_id::uuid, 'plan.started', 'plans',
        jsonb_build_object('plan', p_plan_name, 'amount', p_amount::text, 'days', p_days,
          'expectedWithdrawal', p_expected::text, 'endsAt', p_ends_at),
        'plan.started:' || p_investment_id, p_now);
      IF coalesce(array_length(p_referral_codes, 1), 0) > 0
          AND (SELECT count(*) FROM investments i WHERE i.user_id = o_user_id::uuid) = 1 THEN
        SELECT u.referred_by::text INTO v_referrer FROM users u WHERE u.id = o_user_id::uuid;
        IF v_referrer IS NOT NULL THEN
          SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
            FROM api_statement_legs(p_referral_owners, p_referral_codes, p_referral_assets, p_referral_amounts,
              p_referral_allow_negative, o_user_id, v_referrer);
          PERFORM ledger_post('referral.bonus', p_referral_key_prefix || o_user_id, NULL, p_referral_memo, p_now,
            v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL, true);
          PERFORM notification_add(v_referrer::uuid, 'referral.bonus', 'referrals',
            jsonb_build_object('bonus', regexp_replace(p_referral_memo, '^Referral bonus: ', ''), 'role', 'referrer'),
            'referral.bonus:' || o_user_id, p_now);
          PERFORM notification_add(o_user_id::uuid, 'referral.bonus', 'referrals',
            jsonb_build_object('bonus', regexp_replace(p_referral_memo, '^Referral bonus: ', ''), 'role', 'referred'),
            'referral.bonus:' || o_user_id, p_now);
        END IF;
      END IF;
      o_outcome := 'ok';
    EXCEPTION
      WHEN SQLSTATE 'SV001' THEN o_outcome := 'insufficient';
      WHEN unique_violation THEN o_outcome := 'raced';
    END;
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now, 'activePlan', v_active_plan,
    'plan', p_plan_name, 'minimum', p_plan_min::text,
    'investment', CASE WHEN o_outcome = 'ok' THEN (SELECT jsonb_build_object('id', i.id, 'amount', i.amount::text,
        'expectedWithdrawal', i.expected_withdrawal::text, 'days', i.days, 'startedAt', i.started_at,
        'endsAt', i.ends_at, 'status', i.status) FROM investments i WHERE i.id = p_investment_id) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$$ LANGUAGE plpgsql;
