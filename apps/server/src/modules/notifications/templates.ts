import { formatAmount, type NotificationType } from '@svp/shared';

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

const FLAG_TEXT: Record<string, string> = {
  under: 'The payment was less than the amount you asked to pay.',
  over: 'The payment was more than the amount you asked to pay.',
  unrequested: 'The payment did not match an open top-up request.',
};

/** The in-app words of each notification type, from its stored parameters. The one place they are written. */
export function renderNotification(type: string, params: Params, ctx: TemplateContext): RenderedNotification {
  const t = type as NotificationType;
  switch (t) {
    case 'deposit.credited': {
      const flag = FLAG_TEXT[str(params, 'flag')];
      return {
        title: 'Deposit credited',
        body:
          `${usd(params, 'credited')} was added to your balance ` +
          `(received ${usdt(params, 'received')}, fee ${usd(params, 'fee')}).` +
          (flag ? ` ${flag} Our team has been told and may contact you.` : ''),
        link: null,
      };
    }
    case 'plan.started':
      return {
        title: 'Plan started',
        body:
          `Your ${str(params, 'plan')} plan started with ${usd(params, 'amount')} for ${str(params, 'days')} days. ` +
          `It matures on ${day(params, 'endsAt')} with an expected withdrawal of ${usd(params, 'expectedWithdrawal')}.`,
        link: null,
      };
    case 'plan.matured':
      return {
        title: 'Plan matured',
        body:
          `Your ${str(params, 'plan')} plan has matured: ${usd(params, 'expectedWithdrawal')} is ready. ` +
          'Withdraw it, or move it to your balance on the Withdraw page.',
        link: null,
      };
    case 'withdrawal.requested':
      return {
        title: 'Withdrawal requested',
        body:
          `A withdrawal of ${usd(params, 'payout')} to ${str(params, 'wallet')} was requested. ` +
          'If this was not you, contact support at once and change your password.',
        link: null,
      };
    case 'withdrawal.approved':
      return {
        title: 'Withdrawal approved',
        body: `Your withdrawal of ${usd(params, 'payout')} was approved and will be sent to your wallet.`,
        link: null,
      };
    case 'withdrawal.paid': {
      const hash = str(params, 'txHash');
      const link = ctx.explorerUrl && /^0x[0-9a-fA-F]{64}$/.test(hash) ? `${ctx.explorerUrl}/tx/${hash}` : null;
      return {
        title: 'Withdrawal paid',
        body: `Your withdrawal of ${usd(params, 'payout')} was sent to ${str(params, 'wallet')}. Transaction: ${hash}.`,
        link,
      };
    }
    case 'withdrawal.rejected':
      return {
        title: 'Withdrawal rejected',
        body:
          `Your withdrawal of ${usd(params, 'payout')} was rejected: ${clause(params, 'reason')}. ` +
          `${usd(params, 'returned')} was returned to your balance.`,
        link: null,
      };
    case 'referral.bonus':
      return {
        title: 'Referral bonus received',
        body:
          params.role === 'referrer'
            ? `Someone you invited joined: you received ${str(params, 'bonus')}.`
            : `You joined with a referral code: you received ${str(params, 'bonus')}.`,
        link: null,
      };
    case 'ticket.answered':
      return {
        title: 'Support replied',
        body: `Support answered your ticket "${str(params, 'subject')}".`,
        link: null,
      };
    case 'bot.paused':
      return {
        title: 'Trading bot paused',
        // The reason is a whole message of its own ("The bot is paused: …"): it is the body.
        body: str(params, 'reason') || 'Your trading bot was paused.',
        link: null,
      };
    case 'stake.ended':
      return {
        title: 'Stake ended',
        body: `Your stake ended: ${tokens(params, 'tokens')} SVP tokens are back in your wallet.`,
        link: null,
      };
    case 'announcement':
      // The operator's own words (DESIGN D18), as written and previewed in the admin console.
      return { title: str(params, 'title') || 'Announcement', body: str(params, 'body'), link: null };
    default:
      return { title: 'Notification', body: '', link: null };
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail of a notification: plain text and HTML with the same words, under the operator's brand. */
export function renderMail(
  type: string,
  params: Params,
  recipient: { username: string },
  ctx: TemplateContext,
): RenderedMail {
  const n = renderNotification(type, params, ctx);
  const footer = `You receive this e-mail because you have an account with ${ctx.brand}. You can turn most of these e-mails off in Settings.`;
  const text = [
    `Hello ${recipient.username},`,
    '',
    n.body,
    ...(n.link ? ['', `View the transaction: ${n.link}`] : []),
    '',
    '--',
    footer,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">',
    `<h2 style="margin:0 0 12px">${escapeHtml(ctx.brand)}</h2>`,
    `<p>Hello ${escapeHtml(recipient.username)},</p>`,
    `<p><strong>${escapeHtml(n.title)}</strong></p>`,
    `<p>${escapeHtml(n.body)}</p>`,
    n.link ? `<p><a href="${escapeHtml(n.link)}">View the transaction</a></p>` : '',
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: `${ctx.brand}: ${n.title}`, text, html };
}
