import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, WITHDRAWAL_CONTROLS_MSG as CONTROLS_MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import {
  adminSignIn,
  buildTestApp,
  invest,
  signedInAdmin,
  signedInUser,
  topUp,
  travelAndSignIn,
  uniqueEmail,
  type TestApp,
} from '../helpers.js';

/*
 * Holds after account changes (ADR 0044), on the product's defaults: 48 hours after an admin
 * changes a user's wallet or e-mail, or the user changes their password, withdrawals are refused with the hold's end;
 * the user is mailed (at the old and the new address for an e-mail). The first withdrawal to a newly changed wallet
 * then needs a second approval.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const NEW_WALLET = '0x' + 'cd'.repeat(20);
const field = (id: string, name: string, value: string) =>
  admin.client.post(API.adminUserField.replace(':id', id), { field: name, value });
const holdMails = async (to: string) =>
  queryRows<{ subject: string; body: string }>(
    t.database.db,
    sql`select subject, body from email_outbox where to_address = ${to} and kind = 'withdrawal-hold' order by created_at`,
  );

async function investedUser() {
  const u = await signedInUser(t.app);
  await topUp(u.client, '20');
  expect((await invest(u.client, 'standard', '10')).status).toBe(200);
  return u;
}

describe('holds after account changes', () => {
  it('holds withdrawals 48 hours after an admin changes the wallet, then asks four eyes of the first one to it', async () => {
    const u = await investedUser();
    expect((await field(u.user.id, 'walletAddress', NEW_WALLET)).status).toBe(200);
    const quote = (await u.client.get(API.withdrawalQuote)).body;
    expect(quote.controls.hold).toMatchObject({ change: 'wallet' });
    const until = quote.controls.hold.until as string;
    expect(Date.parse(until) - t.clock.now().getTime()).toBeGreaterThan(47 * 3_600_000);
    expect(quote.canBreak).toBe(false);
    expect(quote.breakRefusal).toBe(CONTROLS_MSG.hold(until, 'wallet'));
    const refused = await u.client.post(API.withdrawals, { kind: 'break' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CONTROLS_MSG.hold(until, 'wallet'));
    const mails = await holdMails(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Withdrawals on hold until');
    expect(mails[0]!.body).toContain('The wallet address of your account was changed');
    // After the hold: allowed, and the first withdrawal to the new wallet needs a second approval.
    await travelAndSignIn(t, u, 49 * 3_600_000);
    await adminSignIn(t, admin.client, admin);
    const ok = await u.client.post(API.withdrawals, { kind: 'break' });
    expect(ok.status).toBe(200);
    expect(ok.body.withdrawal).toMatchObject({
      wallet: NEW_WALLET,
      review: { reasons: ['new-wallet'], approvalsNeeded: 2, approvals: 0 },
    });
    // The next one to the same wallet is an ordinary one.
    expect((await invest(u.client, 'standard', '10')).status).toBe(200);
    const next = await u.client.post(API.withdrawals, { kind: 'break' });
    expect(next.body.withdrawal.review).toBeNull();
  });

  it('mails both the old and the new address when an admin changes the e-mail', async () => {
    const u = await investedUser();
    const newEmail = uniqueEmail('moved');
    expect((await field(u.user.id, 'email', newEmail)).status).toBe(200);
    expect(await holdMails(u.email)).toHaveLength(1);
    const atNew = await holdMails(newEmail);
    expect(atNew).toHaveLength(1);
    expect(atNew[0]!.body).toContain('The e-mail address of your account was changed');
    expect((await u.client.post(API.withdrawals, { kind: 'break' })).status).toBe(409);
  });

  it('holds after a password change; a field that holds nothing (the name) starts no hold', async () => {
    const u = await investedUser();
    expect((await field(u.user.id, 'name', 'Ann Other')).status).toBe(200);
    expect((await u.client.get(API.withdrawalQuote)).body.controls.hold).toBeNull();
    const changed = await u.client.post(API.accountPassword, {
      currentPassword: u.password,
      newPassword: 'a-brand-new-password-1',
    });
    expect(changed.status).toBe(200);
    const quote = (await u.client.get(API.withdrawalQuote)).body;
    expect(quote.controls.hold).toMatchObject({ change: 'password' });
    expect(quote.breakRefusal).toContain('the password of your account was reset');
    expect(await holdMails(u.email)).toHaveLength(1);
  });

  it('holds nobody for changes made before holds existed: a user with no change may withdraw at once', async () => {
    const u = await investedUser();
    expect((await u.client.get(API.withdrawalQuote)).body.controls.hold).toBeNull();
    expect((await u.client.post(API.withdrawals, { kind: 'break' })).status).toBe(200);
  });
});
