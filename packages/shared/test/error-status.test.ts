import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from '../src/index.js';

describe('error codes', () => {
  it('each has exactly one status, and every status is an error', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
  });

  it('tells an in-flight duplicate from a reused key', () => {
    expect(ERROR_STATUS.IDEMPOTENCY_IN_PROGRESS).toBe(409);
    expect(ERROR_STATUS.IDEMPOTENCY_MISMATCH).toBe(422);
  });
});
