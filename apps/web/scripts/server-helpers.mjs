// Shared by the screenshot and Lighthouse scripts: wait for a started server, and POST as the web client does.

/** Resolves once `${base}/readyz` answers 200 (up to a minute). */
export async function waitReady(base) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server on ${base} never became ready`);
}

/** A POST as the web client sends it: CSRF cookie + header and a fresh idempotency key. */
export async function post(api, path, data) {
  const { csrfToken } = await (await api.get('/api/v1/auth/csrf')).json();
  const res = await api.post(`/api/v1${path}`, {
    headers: { 'x-csrf-token': csrfToken, 'idempotency-key': crypto.randomUUID() },
    data,
  });
  if (!res.ok()) throw new Error(`${path} failed: ${res.status()} ${await res.text()}`);
  return res.json();
}
