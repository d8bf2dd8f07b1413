import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.js';
import { hashPassword, verifyPassword } from '../../src/modules/auth/password.js';

describe('password hashing lanes', () => {
  it('verifies argon2id hashes and treats a malformed stored hash as a wrong password', async () => {
    const stored = await hashPassword('correct-horse-battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('turns sign-ins away with 429 once 64 already wait for a lane, and serves the rest', async () => {
    const stored = await hashPassword('correct-horse-battery');
    const lanes = Math.max(2, os.availableParallelism() - 1);
    const total = lanes + 64 + 20;
    const attempts = Array.from({ length: total }, () =>
      verifyPassword(stored, 'correct-horse-battery').then(
        (ok) => (ok ? 'verified' : 'wrong'),
        (error: unknown) => (error instanceof AppError && error.statusCode === 429 ? 'turned away' : 'error'),
      ),
    );
    const results = await Promise.all(attempts);
    const verified = results.filter((r) => r === 'verified').length;
    expect(results.filter((r) => r === 'error' || r === 'wrong')).toEqual([]);
    // Every call is made before any hash finishes: the lanes take some, 64 wait, the rest are turned away.
    expect(verified).toBe(lanes + 64);
    expect(results.filter((r) => r === 'turned away')).toHaveLength(20);
    // Once the queue has drained, sign-ins are served again.
    expect(await verifyPassword(stored, 'correct-horse-battery')).toBe(true);
  });
});
