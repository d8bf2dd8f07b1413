import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, MSG } from '@svp/shared';
import type { Clock } from '../clock.js';
import { preparedStatement, type Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError } from './errors.js';
import { requestContext, type IdempotencyClaim } from '../request-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an Idempotency-Key header: the same key and body replay the stored response. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
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

const ANSWER_LOST = JSON.stringify({ error: { code: 'CONFLICT', message: MSG.common.requestDoneAnswerLost } });

/**
 * DESIGN §3: same key + same body → the stored response; same key + other body → 422.
 * Crash consistency: each attempt holds a random claim on its key, and the work's own
 * transaction marks the key acted on (db/transaction.ts). A key left unfinished past `staleMs` belongs
 * to a dead attempt: if its work committed, the retry learns "done, answer lost" (409); if not, the retry
 * takes the key over and runs — and the dead attempt, were it only slow, can no longer commit.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, clock: Clock, staleMs: number): void {
  // `db` is the relaxed handle (Database.relaxed): a claim or answer lost in a crash is recovered as
  // "done, answer lost" or a free key, and the work's own durable commit flushes the claim before it.
  app.decorateRequest('idempotency', null);
  // Every idempotent request runs in its own context, so the transaction helper can see its claim.
  app.addHook('onRequest', (request, _reply, done) =>
    request.routeOptions.config.idempotent ? requestContext.run({}, done) : done(),
  );

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError('VALIDATION_ERROR', 'Idempotency-Key must be 8 to 100 letters, digits, - or _.');
    }
    const scope = scopeOf(request);
    let requestHash: string;
    try {
      requestHash = requestHashOf(request.method, request.url, request.body);
    } catch {
      // A route without a body schema gets the parsed JSON as sent: nesting deep enough to overflow the stack.
      throw new AppError('VALIDATION_ERROR', MSG.common.invalidInput);
    }
    const claim = randomBytes(12).toString('base64url');
    const hold = () => {
      request.idempotency = { scope, key: header, claim };
      const context = requestContext.getStore();
      if (context) context.idempotency = request.idempotency;
    };
    const inserted = await claimStatement(db, [
      scope,
      header,
      request.routeOptions.url ?? '',
      requestHash,
      claim,
      clock.now().toISOString(),
    ]);
    if (inserted.length === 1) return hold();
    const [stored] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        responseBody: idempotencyKeys.responseBody,
        claim: idempotencyKeys.claim,
        committedAt: idempotencyKeys.committedAt,
        stale: sql<boolean>`${staleClaim(staleMs)}`,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, header)));
    if (!stored || stored.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_MISMATCH', MSG.common.idempotencyMismatch);
    }
    if (stored.statusCode === null) {
      if (!stored.stale) throw inProgress();
      if (stored.committedAt) {
        await finish(scope, header, stored.claim, 409, ANSWER_LOST);
        return reply.status(409).type('application/json').send(ANSWER_LOST);
      }
      const taken = await db
        .update(idempotencyKeys)
        .set({ claim, claimedAt: sql`now()` })
        .where(and(keyIs(scope, header, stored.claim), isNull(idempotencyKeys.committedAt), staleClaim(staleMs)))
        .returning({ key: idempotencyKeys.key });
      if (taken.length !== 1) throw inProgress();
      return hold();
    }
    reply.header('idempotent-replayed', 'true');
    return reply.status(stored.statusCode).type('application/json').send(stored.responseBody);
  });

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

  app.addHook('onSend', (request, reply, payload, done) => {
    const record = request.idempotency;
    if (!record) return done(null, payload);
    request.idempotency = null;
    storeAnswer(record, reply.statusCode, payload).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });

  async function storeAnswer(record: IdempotencyClaim, statusCode: number, payload: unknown): Promise<void> {
    const body = typeof payload === 'string' ? payload : '';
    if (statusCode < 500) {
      await finish(record.scope, record.key, record.claim, statusCode, body);
    } else {
      // Failed: if nothing committed, free the key for a retry; if the work did commit, say so.
      const mine = keyIs(record.scope, record.key, record.claim);
      await db.delete(idempotencyKeys).where(and(mine, isNull(idempotencyKeys.committedAt)));
      await db
        .update(idempotencyKeys)
        .set({ statusCode: 409, responseBody: ANSWER_LOST })
        .where(and(mine, isNotNull(idempotencyKeys.committedAt)));
    }
  }
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
