import { AsyncLocalStorage } from 'node:async_hooks';

/** The Idempotency-Key a request holds, if any (http/idempotency.ts). */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** Random per attempt: a retry that took the key over after a crash holds a different one. */
  claim: string;
}

interface RequestContext {
  idempotency?: IdempotencyClaim;
}

/**
 * Per-request state that must reach code far from the route without threading it through every
 * service: the transaction helper uses it to record, inside the work's own transaction, that the
 * request's Idempotency-Key has been acted on (DESIGN §3; crash consistency).
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export const currentIdempotencyClaim = (): IdempotencyClaim | undefined => requestContext.getStore()?.idempotency;
