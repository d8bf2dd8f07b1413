import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, MSG } from '@svp/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an Idempotency-Key header: the same key and body replay the stored response. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

function scopeOf(request: FastifyRequest): string {
  return request.session ? `user:${request.session.userId}` : `anon:${request.ip}`;
}

/** DESIGN §3: same key + same body → the stored response; same key + other body → 422. */
export function registerIdempotency(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError(400, 'VALIDATION_ERROR', 'Idempotency-Key must be 8 to 100 letters, digits, - or _.');
    }
    const scope = scopeOf(request);
    const requestHash = createHash('sha256')
      .update(`${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ scope, key: header, route: request.routeOptions.url ?? '', requestHash, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 1) {
      request.idempotency = { scope, key: header };
      return;
    }
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, header)));
    if (!stored || stored.requestHash !== requestHash) {
      throw new AppError(422, 'IDEMPOTENCY_MISMATCH', MSG.common.idempotencyMismatch);
    }
    if (stored.statusCode === null) {
      throw new AppError(409, 'IDEMPOTENCY_MISMATCH', 'This request is still being processed. Please wait.');
    }
    reply.header('idempotent-replayed', 'true');
    return reply.status(stored.statusCode).type('application/json').send(stored.responseBody);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const record = request.idempotency;
    if (!record) return payload;
    request.idempotency = null;
    const where = and(
      eq(idempotencyKeys.scope, record.scope),
      eq(idempotencyKeys.key, record.key),
      isNull(idempotencyKeys.statusCode),
    );
    if (reply.statusCode >= 500) {
      // The work did not complete: free the key so the client can retry it.
      await db.delete(idempotencyKeys).where(where);
    } else {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, responseBody: typeof payload === 'string' ? payload : '' })
        .where(where);
    }
    return payload;
  });
}
