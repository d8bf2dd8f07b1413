import { describe, expect, it } from 'vitest';
import { LANGUAGES, MSG, NOTIFICATION_TYPES, type NotificationType } from '@svp/shared';
import { renderNotification } from '../../src/modules/notifications/templates.js';

const ctx = { brand: 'My Dashboard', explorerUrl: null };
const WALLET = '0x' + 'cd'.repeat(20);
/** Parameters as the writers store them: amounts in micro-dollars, SVP tokens as whole counts, reasons as typed. */
const SAMPLES: Record<NotificationType, Record<string, unknown>> = {
  'deposit.credited': { credited: '10000000', received: '13000000', fee: '3000000' },
  'plan.started': {
    plan: 'Gold',
    amount: '50000000',
    days: '45',
    endsAt: '2026-04-16T09:00:00Z',
    expectedWithdrawal: '60000000',
  },
  'plan.matured': { plan: 'Gold', expectedWithdrawal: '60000000' },
  'withdrawal.requested': { payout: '37400000', wallet: WALLET },
  'withdrawal.approved': { payout: '37400000' },
  'withdrawal.paid': { payout: '37400000', wallet: WALLET, txHash: '0x' + 'ab'.repeat(32) },
  'withdrawal.rejected': { payout: '37400000', reason: 'The wallet is on a sanctions list.', returned: '38000000' },
  'referral.bonus': { bonus: '$1.00 plus 100,000 SVP tokens', role: 'referrer' },
  'ticket.answered': { subject: 'Where is my deposit?' },
  'bot.paused': { reason: MSG.bot.paused },
  'stake.ended': { tokens: '10000000' },
  announcement: { announcementId: 'a1', title: 'Scheduled maintenance', body: 'We upgrade on Sunday at 02:00 UTC.' },
};

describe('notification wording', () => {
  it('writes a deposit received in USDT as "13.00 USDT", never "$13.00 USDT"', () => {
    const { body } = renderNotification('deposit.credited', SAMPLES['deposit.credited'], ctx, 'en');
    expect(body).toBe('$10.00 was added to your balance (received 13.00 USDT, fee $3.00).');
  });

  it('has no unit written twice, no doubled stop, no repeated clause and no ungrouped number in any type', () => {
    for (const [type, language] of LANGUAGES.flatMap((l) =>
      (Object.keys(NOTIFICATION_TYPES) as NotificationType[]).map((n) => [n, l] as const),
    )) {
      const { title, body } = renderNotification(type, SAMPLES[type], ctx, language);
      const text = `${title}: ${body}`;
      expect(body, type).not.toBe('');
      expect(text, type).not.toMatch(/\$[\d,.]+ (USDT|USD|SVP)/); // a dollar sign and a unit name
      expect(text, type).not.toMatch(/\.\.|\.\s*\./); // "list.." from a reason that ended with its own stop
      expect(body, type).not.toMatch(/paused: The bot is paused/i); // the reason already says what happened
      expect(text, type).not.toMatch(/(?<![\dx.])\d{5,}(?![\d])(?! days)/i); // 10000000 instead of 10,000,000
    }
  });
});
