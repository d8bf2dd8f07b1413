import type { botStatusSchema, PublicConfig, rewardStatusSchema, UserSnapshot } from '@svp/shared';
import type { z } from 'zod';
import type { Schema } from './api';

/**
 * The answers the dashboard's first screen reads (/me, /config, /bot, /rewards), checked as the shared zod
 * schemas check them but without zod, so that screen neither downloads nor starts zod (25 KB compressed and a
 * long task on a phone; DESIGN §7). Each shape is typed against the schema's type, so a field added to the
 * schema fails the type check until it is added here; response-shapes.test.ts compares every shape with its
 * zod schema on valid and tampered values. Like zod, a shape drops keys it does not know.
 */
type Check = (value: unknown) => boolean;

const DECIMAL = /^-?\d+(\.\d+)?$/; // the shared decimalString
const text: Check = (value) => typeof value === 'string';
const textOrNull: Check = (value) => value === null || typeof value === 'string';
const decimal: Check = (value) => typeof value === 'string' && DECIMAL.test(value);
const flag: Check = (value) => typeof value === 'boolean';
const oneOf =
  (...allowed: readonly unknown[]): Check =>
  (value) =>
    allowed.includes(value);

type Fields<T> = { [K in keyof T]-?: Check | Shape<T[K]> };

export interface Shape<T> extends Schema<T> {
  /** The value with only the shape's keys, or null when it does not fit. */
  read(value: unknown): T | null;
}

function shape<T>(fields: Fields<T>): Shape<T> {
  const entries = Object.entries(fields) as [string, Check | Shape<unknown>][];
  const read = (value: unknown): T | null => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, field] of entries) {
      if (typeof field === 'function') {
        if (!field(record[key])) return null;
        out[key] = record[key];
      } else {
        const inner = field.read(record[key]);
        if (inner === null) return null;
        out[key] = inner;
      }
    }
    return out as T;
  };
  return {
    read,
    safeParse(value) {
      const data = read(value);
      return data === null ? { success: false } : { success: true, data };
    },
  };
}

export const userSnapshot = shape<UserSnapshot>({
  id: text,
  email: text,
  role: oneOf('user', 'admin'),
  username: text,
  balance: decimal,
  tier: text,
  wallet: text,
  end_time: textOrNull,
  expectedWithdrawal: decimal,
  withdrawableNow: decimal,
  investedAmount: decimal,
  history: text,
  coins: decimal,
  dailyCoins: decimal,
  botEarn: decimal,
  earnings: decimal,
  botStatus: oneOf(0, 1),
  referralCode: textOrNull,
});

/** GET /me (meResponseSchema). */
export const meResponse = shape<{ success: true; user: UserSnapshot }>({ success: oneOf(true), user: userSnapshot });

/** GET /config (publicConfigSchema). */
export const publicConfig = shape<PublicConfig>({
  brand: text,
  notice: text,
  links: shape<PublicConfig['links']>({ channel: text, chatBot: text, telegramTask: text }),
  referralText: text,
  minEarningsToWithdraw: text,
  withdrawalRuleText: text,
  devTools: flag,
  testClock: flag,
  explorerUrl: textOrNull,
});

/** GET /bot (botStatusSchema). */
export const botStatus = shape<z.infer<typeof botStatusSchema>>({
  botStatus: oneOf(0, 1),
  state: oneOf('inactive', 'active', 'paused'),
  reason: textOrNull,
  paidThrough: textOrNull,
  botEarn: decimal,
});

/** GET /rewards (rewardStatusSchema). */
export const rewardStatus = shape<z.infer<typeof rewardStatusSchema>>({
  rewardClaimed: oneOf(0, 1),
  coins: decimal,
  dailyCoins: decimal,
  message: text,
});
