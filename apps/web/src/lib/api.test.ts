import { okResponseSchema, meResponseSchema } from '@svp/shared';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, meAnswer, mockFetch, testUser } from '../test/render';
import { ApiError, apiGet, apiPost, prefetchGet, serverAnswer, setReauthHandler, setUnauthorizedHandler } from './api';
import { clearStoredUser, setStoredUser } from './storedUser';
import { getStoredUser } from './useStoredUser';

describe('api client', () => {
  it('clears the stored user and hands over to the router on a 401', async () => {
    setStoredUser(testUser);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Please log in.' } }),
    });
    await expect(apiGet('/me', { schema: meResponseSchema })).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(getStoredUser()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    setUnauthorizedHandler(null);
  });

  it('retries once with a fresh token when the CSRF token was rejected, keeping the idempotency key', async () => {
    document.cookie = 'svp_csrf=stale; path=/';
    const seen: Record<string, string>[] = [];
    mockFetch({
      'GET /api/v1/auth/csrf': () => jsonResponse(200, { csrfToken: 'fresh' }),
      'POST /api/v1/auth/logout': (_url, init) => {
        const headers = init?.headers as Record<string, string>;
        seen.push(headers);
        return headers['x-csrf-token'] === 'fresh'
          ? jsonResponse(200, { success: true, message: 'bye' })
          : jsonResponse(403, { error: { code: 'CSRF_FAILED', message: 'expired' } });
      },
    });
    await expect(apiPost('/auth/logout', {}, { schema: okResponseSchema })).resolves.toMatchObject({ success: true });
    expect(seen.map((h) => h['x-csrf-token'])).toEqual(['stale', 'fresh']);
    expect(seen[0]!['idempotency-key']).toBe(seen[1]!['idempotency-key']);
  });

  it('sends a change submitted twice while the first is unanswered once, and both callers get its answer', async () => {
    document.cookie = 'svp_csrf=token; path=/';
    const sent: { key: string; amount: string; answer: (res: Response) => void }[] = [];
    mockFetch({
      'POST /api/v1/staking/transfer': (_url, init) =>
        new Promise<Response>((answer) =>
          sent.push({
            key: (init?.headers as Record<string, string>)['idempotency-key']!,
            amount: (JSON.parse(String(init?.body)) as { amount: string }).amount,
            answer,
          }),
        ),
    });
    const ok = () => jsonResponse(200, { success: true, message: 'Transferred' });
    const body = { recipient: 'carol', amount: '2' };
    const first = apiPost('/staking/transfer', body, { schema: okResponseSchema });
    const second = apiPost('/staking/transfer', { ...body }, { schema: okResponseSchema });
    const other = apiPost('/staking/transfer', { ...body, amount: '3' }, { schema: okResponseSchema });
    // The double click is sent once; another amount is another change.
    await vi.waitFor(() => expect(sent.map((s) => s.amount).sort()).toEqual(['2', '3']));
    for (const s of sent) s.answer(ok());
    await expect(first).resolves.toEqual({ success: true, message: 'Transferred' });
    await expect(second).resolves.toEqual({ success: true, message: 'Transferred' });
    await other;
    // Answered: sending the same change again is a new, deliberate request with its own key.
    const again = apiPost('/staking/transfer', body, { schema: okResponseSchema });
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    sent[2]!.answer(ok());
    await again;
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
  });

  it("never shares one signed-in user's unanswered POST with the next user of the tab", async () => {
    document.cookie = 'svp_csrf=token; path=/';
    const answers: ((res: Response) => void)[] = [];
    mockFetch({
      'POST /api/v1/rewards/daily/claim': () => new Promise<Response>((answer) => answers.push(answer)),
    });
    setStoredUser(testUser);
    const first = apiPost('/rewards/daily/claim', {}, { schema: okResponseSchema });
    setStoredUser({ ...testUser, id: 'another-user', username: 'another' });
    const second = apiPost('/rewards/daily/claim', {}, { schema: okResponseSchema });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!(jsonResponse(200, { success: true, message: 'first user' }));
    answers[1]!(jsonResponse(200, { success: true, message: 'second user' }));
    await expect(first).resolves.toMatchObject({ message: 'first user' });
    await expect(second).resolves.toMatchObject({ message: 'second user' });
    clearStoredUser();
  });

  it('asks the re-authentication dialog on REAUTH_REQUIRED and resends with a new key once confirmed', async () => {
    document.cookie = 'svp_csrf=token; path=/';
    const keys: string[] = [];
    let confirmed = false;
    mockFetch({
      'POST /api/v1/admin/users/u1/field': (_url, init) => {
        keys.push((init?.headers as Record<string, string>)['idempotency-key']!);
        return confirmed
          ? jsonResponse(200, { success: true, message: 'Updated.' })
          : jsonResponse(403, { error: { code: 'REAUTH_REQUIRED', message: 'Confirm it is you.' } });
      },
    });
    const dialog = vi.fn(async () => {
      confirmed = true;
      return true;
    });
    setReauthHandler(dialog);
    await expect(apiPost('/admin/users/u1/field', {}, { schema: okResponseSchema })).resolves.toMatchObject({
      message: 'Updated.',
    });
    expect(dialog).toHaveBeenCalledOnce();
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);

    // Cancelled: the refusal reaches the form as an error, and nothing is resent.
    confirmed = false;
    keys.length = 0;
    setReauthHandler(async () => false);
    await expect(apiPost('/admin/users/u1/field', {}, { schema: okResponseSchema })).rejects.toMatchObject({
      code: 'REAUTH_REQUIRED',
    });
    expect(keys).toHaveLength(1);
    setReauthHandler(null);
  });

  it('answers the next GET of a path from the request sent ahead for it, once', async () => {
    let sent = 0;
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer({ ...testUser, username: `n${++sent}` })),
    });
    prefetchGet('/me');
    prefetchGet('/me'); // already on its way
    expect(sent).toBe(1);
    await expect(apiGet('/me', { schema: meResponseSchema })).resolves.toMatchObject({ user: { username: 'n1' } });
    await expect(apiGet('/me', { schema: meResponseSchema })).resolves.toMatchObject({ user: { username: 'n2' } });
    expect(sent).toBe(2);
  });

  it('handles an answer sent ahead like its own (a 401 still logs out)', async () => {
    setStoredUser(testUser);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Please log in.' } }),
    });
    prefetchGet('/me');
    await expect(apiGet('/me', { schema: meResponseSchema })).rejects.toMatchObject({ status: 401 });
    expect(getStoredUser()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    setUnauthorizedHandler(null);
  });

  it('drops what was sent ahead when the signed-in user changes, or after a while, not on a refresh', async () => {
    let sent = 0;
    mockFetch({ 'GET /api/v1/config': () => jsonResponse(200, { n: ++sent }) });
    const schema = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };
    setStoredUser(testUser);

    prefetchGet('/config');
    setStoredUser({ ...testUser, coins: '9.00' }); // the same user's snapshot refreshed by /me
    await expect(apiGet('/config', { schema })).resolves.toEqual({ n: 1 });

    prefetchGet('/config');
    setStoredUser({ ...testUser, id: '00000000-0000-4000-8000-000000000999' }); // someone else signed in
    await expect(apiGet('/config', { schema })).resolves.toEqual({ n: 3 });

    prefetchGet('/config');
    clearStoredUser(); // logged out meanwhile: that answer belongs to another session
    await expect(apiGet('/config', { schema })).resolves.toEqual({ n: 5 });

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      prefetchGet('/config');
      vi.setSystemTime(Date.now() + 60_000);
      await expect(apiGet('/config', { schema })).resolves.toEqual({ n: 7 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads a schema given as a loader while the request is in flight', async () => {
    mockFetch({ 'GET /api/v1/me': () => jsonResponse(200, meAnswer()) });
    const loader = vi.fn(async () => meResponseSchema);
    await expect(apiGet('/me', { schema: loader })).resolves.toMatchObject({ user: { id: testUser.id } });
    expect(loader).toHaveBeenCalledOnce();
  });

  it('sends no change whose answer could not be read: a POST waits for its schema, and a failed download stops it', async () => {
    document.cookie = 'svp_csrf=token; path=/';
    const fetched = mockFetch({
      'POST /api/v1/rewards/claim': () => jsonResponse(200, { success: true }),
    });
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    await expect(apiPost('/rewards/claim', {}, { schema: failing })).rejects.toMatchObject({ kind: 'network' });
    expect(fetched).not.toHaveBeenCalled();
  });

  it("takes an answer the server's response schema shaped as it is, and refuses a body that is no JSON object", async () => {
    const bodies: Record<string, () => Response> = {
      'GET /api/v1/me': () => jsonResponse(200, meAnswer()),
      'GET /api/v1/config': () => new Response('<html>Bad gateway</html>', { status: 200 }),
      'GET /api/v1/history': () => jsonResponse(200, ['a list']),
    };
    mockFetch(bodies);
    await expect(apiGet('/me', { schema: serverAnswer() })).resolves.toEqual(meAnswer());
    for (const path of ['/config', '/history']) {
      await expect(apiGet(path, { schema: serverAnswer() })).rejects.toMatchObject({ kind: 'parse' });
    }
  });

  it('reports a 2xx with an unexpected body as a parse error', async () => {
    mockFetch({ 'GET /api/v1/me': () => jsonResponse(200, { success: false }) });
    const error = await apiGet('/me', { schema: meResponseSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('parse');
  });
});
