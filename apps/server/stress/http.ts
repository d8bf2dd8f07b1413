import { API, API_PREFIX, CSRF_COOKIE, CSRF_HEADER, IDEMPOTENCY_HEADER } from '@svp/shared';

/** What one HTTP attempt produced: a response, or no response at all (connection error, timeout). */
export type HttpResult =
  | { ok: true; status: number; text: string; replayed: boolean; instance: number; ms: number }
  | { ok: false; error: string; instance: number; ms: number };

/** Spreads requests round-robin over the app instances, like a load balancer without stickiness. */
export class Router {
  private n = 0;
  constructor(readonly bases: string[]) {}
  pick(): { base: string; instance: number } {
    const instance = this.n++ % this.bases.length;
    return { base: this.bases[instance]!, instance };
  }
}

/**
 * One browser: a cookie jar (session + CSRF cookie, echoed in the header as the SPA does) and its own
 * client address, sent as X-Forwarded-For (the servers run with TRUST_PROXY=1).
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly router: Router,
    readonly ip: string,
    private readonly timeoutMs = 30_000,
  ) {}

  async send(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<HttpResult> {
    if (method === 'POST' && !this.cookies.has(CSRF_COOKIE)) {
      const csrf = await this.send('GET', API.csrf);
      if (!csrf.ok) return csrf;
    }
    const { base, instance } = this.router.pick();
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method === 'POST') headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    if (key) headers[IDEMPOTENCY_HEADER] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    try {
      const res = await fetch(base + API_PREFIX + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      this.keepCookies(res.headers.getSetCookie());
      const replayed = res.headers.get('idempotent-replayed') === 'true';
      return { ok: true, status: res.status, text, replayed, instance, ms: performance.now() - started };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const message = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
      return { ok: false, error: message, instance, ms: performance.now() - started };
    }
  }

  /** Sends and parses JSON; throws unless the status is `expected` (set-up steps only). */
  async must(method: 'GET' | 'POST', path: string, body?: unknown, expected = 200): Promise<Json> {
    const res = await this.send(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.error}`);
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return parseJson(res.text);
  }

  private keepCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired =
        value === '' ||
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) <= Date.now());
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read ad hoc
export type Json = any;

export function parseJson(text: string): Json {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
