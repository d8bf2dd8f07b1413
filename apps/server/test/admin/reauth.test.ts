import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@svp/shared';
import { buildTestApp, signedInAdmin, signedInUser, totpCode, WALLET, type TestApp } from '../helpers.js';

const field = (id: string) => API.adminUserField.replace(':id', id);
const contact = (id: string) => API.adminUserContact.replace(':id', id);
const valueOf = (details: { fields: { field: string; value: string }[] }, name: string) =>
  details.fields.find((f) => f.field === name)?.value;
const dataset = (id: string) => API.adminDatasetRow.replace(':table', 'users').replace(':id', id);

describe('re-authentication before an admin changes their own e-mail or wallet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('allows it right after signing in with the second factor', async () => {
    const admin = await signedInAdmin(t);
    const res = await admin.client.post(field(admin.id), { field: 'walletAddress', value: '0x' + 'cd'.repeat(20) });
    expect(res.status).toBe(200);
    expect(valueOf(res.body.user, 'walletAddress')).toBe('0x' + 'cd'.repeat(20));
  });

  it('asks for a fresh code once the sign-in is older than five minutes, and changes nothing until then', async () => {
    const admin = await signedInAdmin(t, '10.0.2.2');
    const { user } = await signedInUser(t.app, '10.0.1.9');
    t.clock.advance(5 * 60_000 + 1000);

    for (const attempt of [
      admin.client.post(field(admin.id), { field: 'email', value: 'new-admin@example.com' }),
      admin.client.post(field(admin.id), { field: 'walletAddress', value: '0x' + 'ef'.repeat(20) }),
      admin.client.post(contact(admin.id), { name: '', email: 'new-admin@example.com', phone: '' }),
      admin.client.post(dataset(admin.id), { email: 'new-admin@example.com' }),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'REAUTH_REQUIRED', message: MSG.totp.reauthRequired });
    }
    const own = await admin.client.get(`${API.adminUserLookup}?email=${encodeURIComponent(admin.email)}`);
    expect(own.status).toBe(200);
    expect(valueOf(own.body, 'email')).toBe(admin.email);
    expect(valueOf(own.body, 'walletAddress')).toBe(WALLET);

    // Other users' records and the admin's other fields need no step-up.
    expect((await admin.client.post(field(user.id), { field: 'name', value: 'Ann' })).status).toBe(200);
    expect((await admin.client.post(field(admin.id), { field: 'name', value: 'Boss' })).status).toBe(200);

    const wrong = await admin.client.post(API.adminReauth, { code: '000000' });
    expect(wrong.status).toBe(400);
    const ok = await admin.client.post(API.adminReauth, { code: totpCode(t, admin.secret!) });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(MSG.totp.reauthenticated);
    const audit = (await admin.client.get(API.adminAudit)).body.entries;
    expect(
      audit
        .filter((e: { action: string; targetId: string }) => e.targetId === admin.id)
        .map((e: { action: string }) => e.action),
    ).toContain('admin.reauthenticated');

    const changed = await admin.client.post(field(admin.id), { field: 'email', value: 'new-admin@example.com' });
    expect(changed.status).toBe(200);
    expect(valueOf(changed.body.user, 'email')).toBe('new-admin@example.com');
  });

  it('is for signed-in admins only', async () => {
    const { client } = await signedInUser(t.app, '10.0.1.10');
    expect((await client.post(API.adminReauth, { code: '123456' })).status).toBe(403);
  });
});
