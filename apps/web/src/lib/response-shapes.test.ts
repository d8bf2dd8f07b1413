import {
  botStatusSchema,
  meResponseSchema,
  publicConfigSchema,
  rewardStatusSchema,
  userSnapshotSchema,
} from '@svp/shared';
import { describe, expect, it } from 'vitest';
import { testConfig, testUser } from '../test/render';
import { botStatus, meResponse, publicConfig, rewardStatus, userSnapshot, type Shape } from './response-shapes';

interface ZodLike {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/** Valid values, the same with each field missing, null, a number, a decimal, some text, zero, and odd values. */
function variants(valid: Record<string, unknown>): unknown[] {
  const odd = [undefined, null, 7, 0, 1, '1.5', '-2', '1.', '.5', '1e3', 'not a number', true, false, {}, []];
  return [
    valid,
    { ...valid, extra: 'dropped' },
    ...Object.keys(valid).flatMap((key) => odd.map((value) => ({ ...valid, [key]: value }))),
    null,
    [],
    'text',
    42,
    {},
  ];
}

function expectSame(shape: Shape<unknown>, zod: ZodLike, values: unknown[]) {
  for (const value of values) {
    const theirs = zod.safeParse(value);
    const ours = shape.safeParse(value);
    expect({ value, success: ours.success }).toEqual({ value, success: theirs.success });
    if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
  }
}

const bot = { botStatus: 1, state: 'paused', reason: 'Low balance', paidThrough: null, botEarn: '0.5' };
const rewards = { rewardClaimed: 0, coins: '100000', dailyCoins: '2.5', message: 'Welcome!' };

describe('response shapes read what the shared zod schemas read', () => {
  it('user snapshot', () => {
    expectSame(userSnapshot, userSnapshotSchema, [
      ...variants(testUser),
      ...variants({ ...testUser, role: 'admin', end_time: '2026-01-01T00:00:00.000Z', referralCode: 'ADA' }),
      { ...testUser, role: 'root' },
      { ...testUser, botStatus: '1' },
    ]);
  });

  it('GET /me', () => {
    expectSame(meResponse, meResponseSchema, [
      ...variants({ success: true, user: testUser }),
      { success: true, user: { ...testUser, balance: 'lots' } },
      { success: true, user: { ...testUser, extra: 1 } },
    ]);
  });

  it('GET /config', () => {
    expectSame(publicConfig, publicConfigSchema, [
      ...variants(testConfig),
      ...variants(testConfig.links).map((links) => ({ ...testConfig, links })),
    ]);
  });

  it('GET /bot', () => {
    expectSame(botStatus, botStatusSchema, [...variants(bot), { ...bot, state: 'stopped' }]);
  });

  it('GET /rewards', () => {
    expectSame(rewardStatus, rewardStatusSchema, variants(rewards));
  });

  it('know every field of their schema', () => {
    expect(Object.keys(userSnapshot.read(testUser) ?? {}).sort()).toEqual(Object.keys(userSnapshotSchema.shape).sort());
    expect(Object.keys(publicConfig.read(testConfig) ?? {}).sort()).toEqual(
      Object.keys(publicConfigSchema.shape).sort(),
    );
    expect(Object.keys(botStatus.read(bot) ?? {}).sort()).toEqual(Object.keys(botStatusSchema.shape).sort());
    expect(Object.keys(rewardStatus.read(rewards) ?? {}).sort()).toEqual(Object.keys(rewardStatusSchema.shape).sort());
  });
});
