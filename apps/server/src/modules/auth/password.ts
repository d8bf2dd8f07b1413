import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { errors } from '../../http/errors.js';

/** argon2id (algorithm 2) with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many argon2 computations at once. One costs ~11 ms of a core here, so DESIGN §7's 60 logins/s
 * need two thirds of one; with a single lane on 2 cores, logins beside a busy dashboard got only a third
 * (≈ 30/s). Two lanes on 2 cores (cores − 1 on bigger machines) sustain 60/s with GET /me's p99 within its
 * budget (docs/benchmarks.md); the cap on waiting computations below keeps a flood from taking more.
 */
const MAX_CONCURRENT = Math.max(2, os.availableParallelism() - 1);
/**
 * Computations that may wait for a lane (≈ 0.35 s of work on 2 lanes). Beyond that a sign-in is turned away
 * at once with 429 rather than queued: a flood of logins costs no hashing and leaves the CPU to other routes.
 */
const MAX_WAITING = 64;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  // A finishing computation hands its slot straight to the next in line, so the count never overshoots.
  if (running >= MAX_CONCURRENT) {
    if (waiting.length >= MAX_WAITING) throw errors.rateLimited();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export const hashPassword = (password: string) => limited(() => hash(password, OPTIONS));

/** False for a wrong password or a malformed stored hash; throws 429 when too many sign-ins already wait. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limited(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * Verified when the account does not exist, so a miss takes as long as a wrong password. Made once, outside
 * the lanes: a sign-in turned away while it was being made must not leave a failure cached for good.
 */
let dummyHash: Promise<string> | null = null;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hash('timing-equaliser-not-a-password', OPTIONS);
  return dummyHash;
}
