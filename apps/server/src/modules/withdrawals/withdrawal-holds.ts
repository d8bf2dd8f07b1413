import { desc, eq } from 'drizzle-orm';
import { utcMoment, WITHDRAWAL_CONTROLS_MSG as CONTROLS_MSG, type HoldChange, type Language } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { users, withdrawalHolds } from '../../db/schema.js';
import { personalMail, type Mailer, type OutgoingMail } from '../mail/mailer.js';
import type { AccountChangeHolds } from '../users/account-change-holds.js';
import { WITHDRAWAL_HOLD_MAIL_TRANSLATIONS } from './withdrawal-holds.i18n.js';

/*
 * Holds after account changes (DESIGN D18, docs/decisions/0044-withdrawal-controls.md). Each place
 * that changes a wallet, an e-mail, a password or turns two-factor off calls `start` in the change's own transaction
 * (the hold commits with the change or not at all) and `tell` after the commit. The request's statement refuses while
 * a hold is in force (withdrawal_controls.sql). Modules that change accounts know its interface
 * (users/account-change-holds.ts), not this module.
 */

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The hold mail's words, English; withdrawal-holds.i18n.ts holds the other languages (DESIGN D19). */
const en = {
  moment: (at: Date) => utcMoment(at),
  subjectHeld: (until: string) => `Withdrawals on hold until ${until} after a change to your account`,
  subject: 'A change to your account',
  changed: (change: HoldChange, at: string) => `${capitalised(CONTROLS_MSG.holdShort(change))} on ${at}.`,
  held: (until: string) => `To protect your money, withdrawals from your account are on hold until ${until}. `,
  nothingToDo: 'If you made this change, there is nothing to do.',
  notYou: 'If this was not you, contact support at once through Messages or by replying to this e-mail.',
};
export type WithdrawalHoldMailTexts = typeof en;
const TEXTS: Record<Language, WithdrawalHoldMailTexts> = { en, ...WITHDRAWAL_HOLD_MAIL_TRANSLATIONS };

/** The security mail: what changed, when, and until when withdrawals wait. Never switched off (DESIGN D17). */
export function withdrawalHoldMail(
  brand: string,
  to: string,
  user: { username: string; language: Language },
  hold: { change: HoldChange; changedAt: Date; endsAt: Date },
): OutgoingMail {
  const t = TEXTS[user.language];
  const held = hold.endsAt.getTime() > hold.changedAt.getTime();
  // A kind of its own: a security mail (never switched off) that the Outbox can tell from the change's own notice.
  return personalMail(
    brand,
    { email: to, username: user.username, language: user.language },
    'withdrawal-hold',
    held ? t.subjectHeld(t.moment(hold.endsAt)) : t.subject,
    [
      t.changed(hold.change, t.moment(hold.changedAt)),
      held ? t.held(t.moment(hold.endsAt)) + t.nothingToDo : t.nothingToDo,
      t.notYou,
    ],
  );
}

export function createWithdrawalHolds(deps: {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, 'send'>;
  brand: string;
  /** WITHDRAWAL_HOLD_HOURS in ms; 0 records the change (for the new wallet's four eyes) without holding. */
  holdMs: number;
}): AccountChangeHolds {
  const { db, clock } = deps;
  return {
    async start(tx, hold) {
      const now = clock.now();
      await tx.insert(withdrawalHolds).values({
        userId: hold.userId,
        change: hold.change,
        changedAt: now,
        endsAt: new Date(now.getTime() + deps.holdMs),
        actorId: hold.actorId,
        wallet: hold.wallet ?? null,
      });
    },
    async tell(userId, alsoTo) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      const [hold] = await db
        .select()
        .from(withdrawalHolds)
        .where(eq(withdrawalHolds.userId, userId))
        .orderBy(desc(withdrawalHolds.changedAt))
        .limit(1);
      if (!user || !hold) return;
      const addresses = [...new Set([user.email, alsoTo].filter((a): a is string => Boolean(a)))];
      for (const to of addresses) {
        await deps.mailer.send(withdrawalHoldMail(deps.brand, to, user, hold)).catch(() => undefined);
      }
    },
  };
}
