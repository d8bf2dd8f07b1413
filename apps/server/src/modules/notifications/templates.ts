import { formatAmount, type Language, type NotificationType } from '@svp/shared';
import { COMMON_MAIL_TEXTS } from '../mail/mailer.js';
import { NOTIFICATION_TRANSLATIONS } from './templates.i18n.js';

/** What every rendering needs besides the notification: the operator's brand and the chain's block explorer. */
export interface TemplateContext {
  brand: string;
  /** BscScan (mainnet or testnet, by BSC_CHAIN_ID), or null on the simulated chain. */
  explorerUrl: string | null;
}

export interface RenderedNotification {
  title: string;
  /** One or two plain sentences: the bell's text and the e-mail's paragraph. */
  body: string;
  link: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Params = Record<string, unknown>;

const str = (p: Params, key: string): string =>
  typeof p[key] === 'string' ? (p[key] as string) : String(p[key] ?? '');
/** "$1,234.50" from an integer amount in micro-dollars stored as text. */
const usd = (p: Params, key: string): string => {
  const raw = str(p, key);
  return /^-?\d+$/.test(raw) ? `$${formatAmount(BigInt(raw), 'USD')}` : '';
};
/** "13.00" from the same stored amount: a USDT figure has its unit after it, never a dollar sign before it. */
const usdt = (p: Params, key: string): string => {
  const raw = str(p, key);
  return /^-?\d+$/.test(raw) ? `${formatAmount(BigInt(raw), 'USD')} USDT` : '';
};
/** "100,000" SVP tokens from a whole count stored as text. */
const tokens = (p: Params, key: string): string => {
  const raw = str(p, key);
  return /^\d+$/.test(raw) ? formatAmount(BigInt(raw), 'SVP', 0) : raw;
};
/** A reason typed as a sentence goes into one: without its own closing full stop. */
const clause = (p: Params, key: string): string =>
  str(p, key)
    .trim()
    .replace(/[.!]+$/, '');
const day = (p: Params, key: string): string => {
  const at = new Date(str(p, key));
  return Number.isNaN(at.getTime()) ? '' : at.toISOString().slice(0, 10);
};

/** Every word of the notifications, English; templates.i18n.ts holds the other languages (DESIGN D19). */
const en = {
  depositCredited: {
    title: 'Deposit credited',
    body: (credited: string, received: string, fee: string) =>
      `${credited} was added to your balance (received ${received}, fee ${fee}).`,
    flags: {
      under: 'The payment was less than the amount you asked to pay.',
      over: 'The payment was more than the amount you asked to pay.',
      unrequested: 'The payment did not match an open top-up request.',
    } as Record<string, string>,
    flagged: 'Our team has been told and may contact you.',
  },
  planStarted: {
    title: 'Plan started',
    body: (plan: string, amount: string, days: string, endsOn: string, expected: string) =>
      `Your ${plan} plan started with ${amount} for ${days} days. ` +
      `It matures on ${endsOn} with an expected withdrawal of ${expected}.`,
  },
  planMatured: {
    title: 'Plan matured',
    body: (plan: string, expected: string) =>
      `Your ${plan} plan has matured: ${expected} is ready. ` +
      'Withdraw it, or move it to your balance on the Withdraw page.',
  },
  withdrawalRequested: {
    title: 'Withdrawal requested',
    body: (payout: string, wallet: string) =>
      `A withdrawal of ${payout} to ${wallet} was requested. ` +
      'If this was not you, contact support at once and change your password.',
  },
  withdrawalApproved: {
    title: 'Withdrawal approved',
    body: (payout: string) => `Your withdrawal of ${payout} was approved and will be sent to your wallet.`,
  },
  withdrawalPaid: {
    title: 'Withdrawal paid',
    body: (payout: string, wallet: string, hash: string) =>
      `Your withdrawal of ${payout} was sent to ${wallet}. Transaction: ${hash}.`,
  },
  withdrawalRejected: {
    title: 'Withdrawal rejected',
    body: (payout: string, reason: string, returned: string) =>
      `Your withdrawal of ${payout} was rejected: ${reason}. ${returned} was returned to your balance.`,
  },
  referralBonus: {
    title: 'Referral bonus received',
    referrer: (bonus: string) => `Someone you invited joined: you received ${bonus}.`,
    referred: (bonus: string) => `You joined with a referral code: you received ${bonus}.`,
  },
  ticketAnswered: {
    title: 'Support replied',
    body: (subject: string) => `Support answered your ticket "${subject}".`,
  },
  botPaused: { title: 'Trading bot paused', fallback: 'Your trading bot was paused.' },
  stakeEnded: {
    title: 'Stake ended',
    body: (tokens: string) => `Your stake ended: ${tokens} SVP tokens are back in your wallet.`,
  },
  announcement: { title: 'Announcement' },
  unknown: { title: 'Notification' },
  /** A text of packages/shared stored in a notification's parameters (a bot's pause reason), in this language. */
  sharedText: (text: string) => text,
  mail: {
    viewTransaction: 'View the transaction',
    footer: (brand: string) =>
      `You receive this e-mail because you have an account with ${brand}. You can turn most of these e-mails off in Settings.`,
  },
};
export type NotificationTexts = typeof en;
const TEXTS: Record<Language, NotificationTexts> = { en, ...NOTIFICATION_TRANSLATIONS };

/**
 * The in-app words of each notification type, from its stored parameters, in the reader's language. The one place
 * they are put together: the bell renders them when it lists them, the mail job when it writes the e-mail.
 */
export function renderNotification(
  type: string,
  params: Params,
  ctx: TemplateContext,
  language: Language,
): RenderedNotification {
  const t = TEXTS[language];
  switch (type as NotificationType) {
    case 'deposit.credited': {
      const flag = t.depositCredited.flags[str(params, 'flag')];
      return {
        title: t.depositCredited.title,
        body:
          t.depositCredited.body(usd(params, 'credited'), usdt(params, 'received'), usd(params, 'fee')) +
          (flag ? ` ${flag} ${t.depositCredited.flagged}` : ''),
        link: null,
      };
    }
    case 'plan.started':
      return {
        title: t.planStarted.title,
        body: t.planStarted.body(
          str(params, 'plan'),
          usd(params, 'amount'),
          str(params, 'days'),
          day(params, 'endsAt'),
          usd(params, 'expectedWithdrawal'),
        ),
        link: null,
      };
    case 'plan.matured':
      return {
        title: t.planMatured.title,
        body: t.planMatured.body(str(params, 'plan'), usd(params, 'expectedWithdrawal')),
        link: null,
      };
    case 'withdrawal.requested':
      return {
        title: t.withdrawalRequested.title,
        body: t.withdrawalRequested.body(usd(params, 'payout'), str(params, 'wallet')),
        link: null,
      };
    case 'withdrawal.approved':
      return { title: t.withdrawalApproved.title, body: t.withdrawalApproved.body(usd(params, 'payout')), link: null };
    case 'withdrawal.paid': {
      const hash = str(params, 'txHash');
      const link = ctx.explorerUrl && /^0x[0-9a-fA-F]{64}$/.test(hash) ? `${ctx.explorerUrl}/tx/${hash}` : null;
      return {
        title: t.withdrawalPaid.title,
        body: t.withdrawalPaid.body(usd(params, 'payout'), str(params, 'wallet'), hash),
        link,
      };
    }
    case 'withdrawal.rejected':
      return {
        title: t.withdrawalRejected.title,
        // The reason is the admin's own words, shown as typed.
        body: t.withdrawalRejected.body(usd(params, 'payout'), clause(params, 'reason'), usd(params, 'returned')),
        link: null,
      };
    case 'referral.bonus':
      return {
        title: t.referralBonus.title,
        body:
          params.role === 'referrer'
            ? t.referralBonus.referrer(t.sharedText(str(params, 'bonus')))
            : t.referralBonus.referred(t.sharedText(str(params, 'bonus'))),
        link: null,
      };
    case 'ticket.answered':
      return { title: t.ticketAnswered.title, body: t.ticketAnswered.body(str(params, 'subject')), link: null };
    case 'bot.paused': {
      // The reason is a whole message of its own ("The bot is paused: …", MSG.bot): it is the body.
      const reason = str(params, 'reason');
      return { title: t.botPaused.title, body: reason ? t.sharedText(reason) : t.botPaused.fallback, link: null };
    }
    case 'stake.ended':
      return { title: t.stakeEnded.title, body: t.stakeEnded.body(tokens(params, 'tokens')), link: null };
    case 'announcement':
      // The operator's own words (DESIGN D18), as written and previewed in the admin console: never translated.
      return { title: str(params, 'title') || t.announcement.title, body: str(params, 'body'), link: null };
    default:
      return { title: t.unknown.title, body: '', link: null };
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail of a notification: plain text and HTML with the same words, under the operator's brand. */
export function renderMail(
  type: string,
  params: Params,
  recipient: { username: string; language: Language },
  ctx: TemplateContext,
): RenderedMail {
  const { language } = recipient;
  const t = TEXTS[language].mail;
  const greeting = COMMON_MAIL_TEXTS[language].greeting;
  const n = renderNotification(type, params, ctx, language);
  const footer = t.footer(ctx.brand);
  const text = [
    greeting(recipient.username),
    '',
    n.body,
    ...(n.link ? ['', `${t.viewTransaction}: ${n.link}`] : []),
    '',
    '--',
    footer,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">',
    `<h2 style="margin:0 0 12px">${escapeHtml(ctx.brand)}</h2>`,
    `<p>${escapeHtml(greeting(recipient.username))}</p>`,
    `<p><strong>${escapeHtml(n.title)}</strong></p>`,
    `<p>${escapeHtml(n.body)}</p>`,
    n.link ? `<p><a href="${escapeHtml(n.link)}">${escapeHtml(t.viewTransaction)}</a></p>` : '',
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: `${ctx.brand}: ${n.title}`, text, html };
}
