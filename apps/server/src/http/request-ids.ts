import { randomBytes } from 'node:crypto';

/**
 * Request ids for logs and the `x-request-id` header: a random prefix drawn once per process, then a counter
 * ("3f9c1a2b-1", "3f9c1a2b-2", …). Unique across processes and restarts as a UUID per request was, without
 * drawing random bytes on every request; the prefix ties a line to the process that wrote it.
 */
export function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex') + '-';
  let next = 0;
  return () => prefix + (++next).toString(36);
}
