import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { IDEMPOTENCY_HEADER, MSG } from '@svp/shared';
import type { Clock } from '../clock.js';
import { preparedStatement, type Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError } from './errors.js';
import { errorBody } from './error-body.js';
import type { IdempotencyClaim } from '../db/transaction.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an Idempotency-Key header: the same key and body replay the stored response. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
  interface FastifyInstance {
    idempotencyKeys: IdempotencyKeys;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

function scopeOf(request: FastifyRequest): string {
  return request.session ? `user:${request.session.userId}` : `anon:${request.ip}`;
}

/** Claimed longer ago than `staleMs` by the database's clock (the same for every app process). */
const staleClaim = (staleMs: number) =>
  sql`(${idempotencyKeys.claimedAt} is null or ${idempotencyKeys.claimedAt} < now() - make_interval(secs => ${staleMs / 1000}))`;

const inProgress = () => new AppError('IDEMPOTENCY_IN_PROGRESS', MSG.common.requestInProgress);

// Every idempotent POST runs these two: fixed SQL, prepared once per connection (DESIGN §7).
const claimStatement = preparedStatement<{ key: string }>(
  'idempotency_claim',
  `insert into idempotency_keys (scope, key, route, request_hash, claim, claimed_at, created_at)
   values ($1, $2, $3, $4, $5, now(), $6) on conflict do nothing returning key`,
);
/** Stores the answer of this attempt's unfinished key (another attempt's claim never matches). */
const finishStatement = preparedStatement<never>(
  'idempotency_finish',
  `update idempotency_keys set status_code = $4, response_body = $5
   where scope = $1 and key = $2 and claim is not distinct from $3 and status_code is null`,
);
/**
 * What a key's request is compared by: the method, the URL as sent (not the route's pattern: the same key on
 * another resource `/…/:id` is another request, never answered with the first one's reply) and the body as
 * validated. Amounts arrive parsed (bigint minor units), so "10" and "10.00" are one request.
 */
export function requestHashOf(method: string, url: string, body: unknown): string {
  const text = JSON.stringify(body ?? null, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  );
  return createHash('sha256').update(`${method} ${url}\n${text}`).digest('hex');
}

const ANSWER_LOST = JSON.stringify(errorBody('CONFLICT', MSG.common.requestDoneAnswerLost));

/** What an existing key means for a new attempt with the same key (mismatch and in-progress are thrown). */
export type ExistingKey =
  | { kind: 'replay'; statusCode: number; body: string | null; result: unknown }
  | { kind: 'answer-lost' }
  /** A dead attempt's uncommitted key, now this attempt's: run the work. */
  | { kind: 'taken' };

/**
 * DESIGN §3: same key + same body → the stored response; same key + other body → 422.
 * Crash consistency: each attempt holds a random claim on its key, and the work's own
 * transaction marks the key acted on (db/transaction.ts). A key left unfinished past `staleMs` belongs
 * to a dead attempt: if its work committed, the retry learns "done, answer lost" (409); if not, the retry
 * takes the key over and runs — and the dead attempt, were it only slow, can no longer commit.
 * `db` is the relaxed handle (Database.relaxed): a claim or answer lost in a crash is recovered as
 * "done, answer lost" or a free key, and the work's own durable commit flushes the claim before it.
 */
export function createIdempotencyKeys(db: Db, clock: Clock, staleMs: number) {
  /** This attempt's unfinished key (another attempt's claim never matches). */
  function keyIs(scope: string, key: string, claim: string | null) {
    return and(
      eq(idempotencyKeys.scope, scope),
      eq(idempotencyKeys.key, key),
      claim === null ? isNull(idempotencyKeys.claim) : eq(idempotencyKeys.claim, claim),
      isNull(idempotencyKeys.statusCode),
    );
  }

  async function finish(scope: string, key: string, claim: string | null, statusCode: number, body: string) {
    await finishStatement(db, [scope, key, claim, statusCode, body]);
  }

  return {
    /** Claims a new key for this attempt; false when the key exists (then `existing` says what it means). */
    async claim(scope: string, key: string, route: string, requestHash: string, claim: string): Promise<boolean> {
      const inserted = await claimStatement(db, [scope, key, route, requestHash, claim, clock.now().toISOString()]);
      return inserted.length === 1;
    },

    async existing(scope: string, key: string, requestHash: string, claim: string): Promise<ExistingKey> {
      const [stored] = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          responseBody: idempotencyKeys.responseBody,
          result: idempotencyKeys.result,
          claim: idempotencyKeys.claim,
          committedAt: idempotencyKeys.committedAt,
          stale: sql<boolean>`${staleClaim(staleMs)}`,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!stored || stored.requestHash !== requestHash) {
        throw new AppError('IDEMPOTENCY_MISMATCH', MSG.common.idempotencyMismatch);
      }
      if (stored.statusCode !== null) {
        return { kind: 'replay', statusCode: stored.statusCode, body: stored.responseBody, result: stored.result };
      }
      if (!stored.stale) throw inProgress();
      if (stored.committedAt) {
        await finish(scope, key, stored.claim, 409, ANSWER_LOST);
        return { kind: 'answer-lost' };
      }
      const taken = await db
        .update(idempotencyKeys)
        .set({ claim, claimedAt: sql`now()` })
        .where(and(keyIs(scope, key, stored.claim), isNull(idempotencyKeys.committedAt), staleClaim(staleMs)))
        .returning({ key: idempotencyKeys.key });
      if (taken.length !== 1) throw inProgress();
      return { kind: 'taken' };
    },

    /** Stores this attempt's answer; a 5xx frees the key (nothing committed) or records "done, answer lost". */
    async storeAnswer(record: IdempotencyClaim, statusCode: number, payload: unknown): Promise<void> {
      const body = typeof payload === 'string' ? payload : '';
      if (statusCode < 500) {
        await finish(record.scope, record.key, record.claim, statusCode, body);
        return;
      }
      const mine = keyIs(record.scope, record.key, record.claim);
      await db.delete(idempotencyKeys).where(and(mine, isNull(idempotencyKeys.committedAt)));
      await db
        .update(idempotencyKeys)
        .set({ statusCode: 409, responseBody: ANSWER_LOST })
        .where(and(mine, isNotNull(idempotencyKeys.committedAt)));
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;

/** The request's Idempotency-Key header: undefined when absent, 400 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new AppError('VALIDATION_ERROR', 'Idempotency-Key must be 8 to 100 letters, digits, - or _.');
  }
  return header;
}

/** The request hash of a validated request; a body nested deep enough to overflow the stack is a 400. */
export function requestHashOfRequest(request: FastifyRequest): string {
  try {
    return requestHashOf(request.method, request.url, request.body);
  } catch {
    throw new AppError('VALIDATION_ERROR', MSG.common.invalidInput);
  }
}

/** An attempt's claim: unguessable and unique. randomUUID draws its entropy in batches, not a syscall per request. */
export const newClaim = () => randomUUID();

/** The answer a finished key replays: its stored body (a key answered in one statement replays in its route). */
export function replayStored(reply: FastifyReply, stored: { statusCode: number; body: string | null }) {
  reply.header('idempotent-replayed', 'true');
  return reply
    .status(stored.statusCode)
    .type('application/json')
    .send(stored.body ?? ANSWER_LOST);
}

export const answerLost = (reply: FastifyReply) => reply.status(409).type('application/json').send(ANSWER_LOST);

/**
 * The hooks of `config.idempotent` routes, attached to those routes only (no other request pays for
 * them): the claim before the handler, the stored answer after it. The handler passes `request.idempotency` to
 * the transaction that does its work, which marks the key as acted on.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, clock: Clock, staleMs: number): void {
  const keys = createIdempotencyKeys(db, clock, staleMs);
  app.decorate('idempotencyKeys', keys);
  app.decorateRequest('idempotency', null);

  const claimKey: preHandlerAsyncHookHandler = async (request, reply) => {
    const header = idempotencyKeyOf(request);
    if (header === undefined) return;
    const scope = scopeOf(request);
    const requestHash = requestHashOfRequest(request);
    const claim = newClaim();
    const hold = () => {
      request.idempotency = { scope, key: header, claim };
    };
    if (await keys.claim(scope, header, request.routeOptions.url ?? '', requestHash, claim)) return hold();
    const existing = await keys.existing(scope, header, requestHash, claim);
    if (existing.kind === 'taken') return hold();
    if (existing.kind === 'answer-lost') return answerLost(reply);
    return replayStored(reply, existing);
  };

  const storeAnswer: onSendHookHandler = (request, reply, payload, done) => {
    const record = request.idempotency;
    if (!record) return done(null, payload);
    request.idempotency = null;
    keys.storeAnswer(record, reply.statusCode, payload).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent !== true) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), claimKey];
    route.onSend = [...[route.onSend ?? []].flat(), storeAnswer];
  });
}

/**
 * Settles keys whose attempt died (a crash between claiming and answering) and was never retried:
 * committed work is recorded as "done, answer lost", uncommitted keys are freed. Run periodically.
 */
export async function recoverStaleIdempotencyKeys(db: Db, staleMs: number): Promise<void> {
  const stale = and(isNull(idempotencyKeys.statusCode), staleClaim(staleMs));
  await db
    .update(idempotencyKeys)
    .set({ statusCode: 409, responseBody: ANSWER_LOST })
    .where(and(stale, isNotNull(idempotencyKeys.committedAt)));
  await db.delete(idempotencyKeys).where(and(stale, isNull(idempotencyKeys.committedAt), sql`true`));
}
