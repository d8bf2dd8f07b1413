import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Permission } from '@svp/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { sqlError } from '../db/pg-errors.js';
import { functionCall } from '../db/sql-functions.js';
import { errors } from './errors.js';
import { answerLost, idempotencyKeyOf, newClaim, replayStored, requestHashOfRequest } from './idempotency.js';

/*
 * A money request in one SQL round trip (docs/decisions/0021-one-statement-requests.md). The route's
 * statement checks the session, claims the Idempotency-Key, posts, reads what the answer shows and stores it,
 * all in one call. It vouches only for the plain case; whatever it hands back — a session it cannot vouch for,
 * a key that exists — is settled here by the ordinary code (access.ts, idempotency.ts), and the statement runs
 * again. The answer is rendered from the statement's result, which is also what a replay renders.
 */

/**
 * The options of a route that runs as one statement (docs/decisions/0021): the session and the Idempotency-Key are
 * checked inside it, and a body its schema refuses is reported by the handler once "who are you?" is answered.
 */
export const oneStatementRoute = (access: 'user' | 'admin', permission?: Permission) => ({
  config: { access, sessionInStatement: true, ...(permission ? { permission } : {}) },
  attachValidation: true,
});

/** What the statement is given: who asks (their session cookie, hashed) and under which key. */
export interface RequestFrame {
  tokenHash: string;
  now: Date;
  idleMs: number;
  touchMs: number;
  key: { key: string; route: string; requestHash: string; claim: string; held: boolean } | null;
}

/**
 * What it answers: handed back ('session', 'key', or 'settle': the user's accruals are due and must be settled
 * first), or done, with the result the route renders.
 */
export type StatementAnswer =
  | { outcome: 'session' }
  | { outcome: 'key'; userId: string }
  | { outcome: 'settle'; userId: string }
  | { outcome: 'done'; result: unknown };

/** The frame's arguments of every one-statement function, first in each, with their SQL types. */
export const FRAME_ARGS = {
  p_token_hash: 'text',
  p_now: 'timestamptz',
  p_idle_ms: 'bigint',
  p_touch_ms: 'bigint',
  p_key: 'text',
  p_route: 'text',
  p_request_hash: 'text',
  p_claim: 'text',
  p_key_held: 'boolean',
} as const;

/** The frame's values, by argument name (FRAME_ARGS). */
export function frameArgs(frame: RequestFrame): Record<keyof typeof FRAME_ARGS, unknown> {
  return {
    p_token_hash: frame.tokenHash,
    p_now: frame.now.toISOString(),
    p_idle_ms: frame.idleMs,
    p_touch_ms: frame.touchMs,
    p_key: frame.key?.key ?? null,
    p_route: frame.key?.route ?? null,
    p_request_hash: frame.key?.requestHash ?? null,
    p_claim: frame.key?.claim ?? null,
    p_key_held: frame.key?.held ?? false,
  };
}

/** A one-statement function's row: `o_outcome`, `o_user_id`, `o_result`, as the call's columns name them. */
export const STATEMENT_COLUMNS = 'o_outcome as outcome, o_user_id as "userId", o_result as result';
export const statementRow = z.object({ outcome: z.string(), userId: z.string().nullable(), result: z.unknown() });
export type StatementRow = z.infer<typeof statementRow>;

/**
 * A one-statement function's call: the frame's arguments first (FRAME_ARGS), then its own `args` with their SQL
 * types; it answers its one StatementRow. Every money statement's repository calls its function through this.
 */
export function statementCall<A extends Record<string, string>>(fn: string, args: A) {
  const call = functionCall(fn, STATEMENT_COLUMNS, { ...FRAME_ARGS, ...args }, statementRow);
  return async (
    db: Pick<Db, 'execute'>,
    frame: RequestFrame,
    values: { [K in keyof A]: unknown },
  ): Promise<StatementRow> => {
    const [row] = await call(db, { ...frameArgs(frame), ...values } as Parameters<typeof call>[1]);
    return row!;
  };
}

/** A one-statement function's answer as the runner takes it. */
export function statementAnswer(row: StatementRow): StatementAnswer {
  if (row.outcome === 'session') return { outcome: 'session' };
  if (row.outcome === 'settle') return { outcome: 'settle', userId: row.userId ?? '' };
  return { outcome: 'done', result: row.result };
}

/** How often a request may be handed back to settle (a UTC day or a stake may end between two calls). */
const MAX_SETTLEMENTS = 3;

/** A service's request made in one statement. */
export interface OneStatementWork<T> {
  run(frame: RequestFrame): Promise<StatementAnswer>;
  /** The response for a result, the first time and on a replay alike; throws an AppError for a refusal. */
  render(result: unknown): T;
  /** Settles the user's accruals the statement found due, in the service's own transaction (answer 'settle'). */
  settle?(userId: string): Promise<void>;
}

export type InOneStatement = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  /**
   * Builds the work from the validated request. Called only once the body passed its schema; it may throw the
   * refusals that need no database (an AppError), which are answered after "who are you?".
   */
  prepare: () => OneStatementWork<T>,
) => Promise<T | FastifyReply>;

declare module 'fastify' {
  interface FastifyInstance {
    inOneStatement: InOneStatement;
  }
}

/** 'key-exists' (api_request_close): the whole call was rolled back; its DETAIL is the user's id. */
function keyExists(error: unknown): StatementAnswer {
  const refused = sqlError(error);
  if (refused?.kind !== 'key-exists') throw error;
  return { outcome: 'key', userId: refused.detail };
}

/** Decorates the app with `inOneStatement`; needs access control and idempotency registered first. */
export function registerOneStatement(app: FastifyInstance, clock: Clock): void {
  const { sessionCheck } = app;
  const keys = app.idempotencyKeys;

  const inOneStatement: InOneStatement = async (request, reply, prepare) => {
    // A refusal that needs no database still answers "who are you?" first, as on every other route.
    let key: string | undefined;
    let requestHash = '';
    let work: ReturnType<typeof prepare>;
    try {
      if (request.validationError) throw request.validationError;
      key = idempotencyKeyOf(request);
      if (key !== undefined) requestHash = requestHashOfRequest(request);
      work = prepare();
    } catch (refusal) {
      await sessionCheck.authorize(request);
      throw refusal;
    }
    const session = sessionCheck.statementSession(request);
    if (!session) throw errors.unauthenticated();
    const claim = newClaim();
    let held = false;
    let sessionChecked = false;
    let settlements = 0;
    for (;;) {
      const answer = await work
        .run({
          ...session,
          now: clock.now(),
          key: key === undefined ? null : { key, route: request.routeOptions.url ?? '', requestHash, claim, held },
        })
        .catch(keyExists);
      if (answer.outcome === 'done') return work.render(answer.result);
      if (answer.outcome === 'settle') {
        if (!work.settle || ++settlements > MAX_SETTLEMENTS)
          throw new Error('one-statement request kept asking to settle');
        await work.settle(answer.userId);
        continue;
      }
      if (answer.outcome === 'session') {
        // Expired, idle, disabled, pending a second factor, or another role's: the ordinary check answers
        // 401/403 (and deletes a dead session). A live session due its touch the statement touches itself.
        if (sessionChecked) throw errors.unauthenticated();
        sessionChecked = true;
        await sessionCheck.authorize(request);
        continue;
      }
      if (held || key === undefined) throw new Error('one-statement request handed back a key it holds');
      const existing = await keys.existing(`user:${answer.userId}`, key, requestHash, claim);
      if (existing.kind === 'taken') {
        held = true;
        continue;
      }
      if (existing.kind === 'answer-lost') return answerLost(reply);
      if (existing.result === null || existing.result === undefined) return replayStored(reply, existing);
      reply.header('idempotent-replayed', 'true');
      return work.render(existing.result);
    }
  };
  app.decorate('inOneStatement', inOneStatement);
}
