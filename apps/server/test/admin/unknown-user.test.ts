import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@svp/shared';
import { buildTestApp, signedInAdmin, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const at = (path: string, table = 'users') => path.replace(':table', table).replace(':id', UNKNOWN);

describe('admin routes for a user id no account has', () => {
  it('answer 404 with the not-found message the admin user routes use, even when the change asked for is empty', async () => {
    const admin = await signedInAdmin(t, '10.71.0.1');
    const answers = {
      status: await admin.client.get(at(API.adminUserTwoFactor)),
      reset: await admin.client.post(at(API.adminUserTwoFactorReset)),
      field: await admin.client.post(at(API.adminUserField), { field: 'name', value: 'Ann' }),
      adjust: await admin.client.post(at(API.adminUserAdjust), {
        account: 'usd.balance',
        direction: 'credit',
        amount: '1',
        reason: 'test',
      }),
      datasetRow: await admin.client.post(at(API.adminDatasetRow), { name: 'Ann' }),
      datasetReferral: await admin.client.post(at(API.adminDatasetRow, 'referralData'), { referralCode: 'ANN123' }),
      datasetEmpty: await admin.client.post(at(API.adminDatasetRow), {}),
    };
    const wrong = Object.entries(answers)
      .filter(([, answer]) => answer.status !== 404 || answer.body?.error?.message !== MSG.admin.notFound)
      .map(([route, answer]) => `${route}: ${answer.status} ${answer.raw}`);
    expect(wrong).toEqual([]);
  });
});
