import {
  API,
  API_PREFIX,
  CSRF_COOKIE,
  CSRF_HEADER,
  ERROR_CODES,
  IDEMPOTENCY_HEADER,
  type ErrorCode,
} from '@svp/shared';
import { newIdempotencyKey, readCookie } from './ids';
import { clearStoredUser, subscribeStoredIdentity } from './storedUser';
import { storedUserId } from './useStoredUser';

/**
 * One error type for every failed call, so screens switch on `kind` and `code` (DESIGN §4):
 * - `network`: no response at all (offline, DNS, connection refused);
 * - `http`: the server answered with an error status (`code`/`fields` set when the body was ours);
 * - `parse`: a 2xx whose body did not match the expected schema.
 */
export class ApiError extends Error {
  constructor(
    readonly kind: 'network' | 'http' | 'parse',
    readonly status: number,
    message: string,
    readonly code: ErrorCode | null = null,
    readonly fields: Record<string, string> | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What the client needs of a response schema; the shared zod schemas fit it, and zod stays out of this module. */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * The schema of an answer the server's own response schema has already whitelisted (DESIGN §4): the shared zod
 * schema shaped it on the way out, so the browser does not check it again, nor download zod to do so (the
 * dashboard's first screen reads /me and /config this way). A body that is no JSON object at all
 * (a proxy's error page) is still a parse error.
 */
export function serverAnswer<T extends object>(): Schema<T> {
  return {
    safeParse: (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { success: true, data: value as T }
        : { success: false },
  };
}

interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

/** The `{ error: { code, message, fields? } }` envelope (shared errorResponseSchema), checked by hand. */
export function parseErrorBody(json: unknown): ErrorBody | null {
  const error = (json as { error?: unknown } | null)?.error as Partial<ErrorBody> | undefined;
  if (!error || typeof error !== 'object') return null;
  if (!(ERROR_CODES as readonly unknown[]).includes(error.code) || typeof error.message !== 'string') return null;
  const fields =
    error.fields && typeof error.fields === 'object'
      ? Object.fromEntries(Object.entries(error.fields).filter(([, v]) => typeof v === 'string'))
      : undefined;
  return { code: error.code as ErrorCode, message: error.message, fields };
}

const csrfResponse: Schema<{ csrfToken: string }> = {
  safeParse: (value) => {
    const token = (value as { csrfToken?: unknown } | null)?.csrfToken;
    return typeof token === 'string' && token ? { success: true, data: { csrfToken: token } } : { success: false };
  },
};

let onUnauthorized: (() => void) | null = null;

/** The router registers navigation here; the client itself stays free of React. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

let onReauthRequired: (() => Promise<boolean>) | null = null;

/**
 * The admin console registers its "confirm it's you" dialog here: a POST refused with REAUTH_REQUIRED
 * waits for it and, once a fresh code was accepted, is sent again (step-up re-authentication).
 */
export function setReauthHandler(handler: (() => Promise<boolean>) | null): void {
  onReauthRequired = handler;
}

const errorCodeOf = (res: Response) =>
  res
    .clone()
    .json()
    .then((j: unknown) => parseErrorBody(j)?.code)
    .catch(() => undefined);

/**
 * A schema that loads on first use: the shared zod schemas come in their own chunk, which a screen can then
 * download while its requests are in flight instead of before its first render (see lib/api-schemas.ts).
 */
export type SchemaLoader<T> = () => Promise<Schema<T>>;

export interface RequestOptions<T> {
  schema: Schema<T> | SchemaLoader<T>;
  body?: unknown;
  /** Login endpoints answer 401 for wrong passwords; that must not log anybody out. */
  logoutOn401?: boolean;
  idempotencyKey?: string;
}

let csrfPromise: Promise<string> | null = null;

async function fetchCsrfToken(): Promise<string> {
  // Concurrent first posts share one token request.
  csrfPromise ??= send('GET', API.csrf, undefined, {})
    .then((res) => readBody(res, csrfResponse))
    .then((data) => data.csrfToken)
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

async function send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(`${API_PREFIX}${path}`, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError('network', 0, cause instanceof Error ? cause.message : 'Network failure');
  }
}

async function readBody<T>(res: Response, schema: Schema<T> | Promise<Schema<T>>): Promise<T> {
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const body = parseErrorBody(json);
    if (body) throw new ApiError('http', res.status, body.message, body.code, body.fields);
    throw new ApiError('http', res.status, '');
  }
  const parsed = (await schema).safeParse(json);
  if (!parsed.success) throw new ApiError('parse', res.status, 'Unexpected response from the server');
  return parsed.data;
}

/** GETs sent ahead of the code that reads them (see prefetchGet), by path, with when they were sent. */
const prefetched = new Map<string, { response: Promise<Response>; sentAt: number }>();
/** An answer nobody claimed within this long is dropped: the code that wanted it went elsewhere. */
const PREFETCH_MAX_AGE_MS = 10_000;
let stopDropping: (() => void) | null = null;

/**
 * Sends a GET now, before the code that needs it has loaded (the dashboard asks for /me while its chunks are
 * still downloading); the next apiGet of that path takes this response instead of sending another request,
 * and handles it exactly like its own. Unclaimed ones are dropped after a few seconds, and as soon as the stored
 * user changes (log in, log out, another tab), so a response never outlives the session it was sent for.
 */
export function prefetchGet(path: string): void {
  if (prefetched.has(path)) return;
  const response = send('GET', path, undefined, {});
  response.catch(() => undefined); // a failure is reported to whoever claims it
  prefetched.set(path, { response, sentAt: Date.now() });
  stopDropping ??= subscribeStoredIdentity(storedUserId, () => {
    prefetched.clear();
    stopDropping?.();
    stopDropping = null;
  });
}

function takePrefetched(path: string): Promise<Response> | undefined {
  const early = prefetched.get(path);
  prefetched.delete(path);
  return early && Date.now() - early.sentAt < PREFETCH_MAX_AGE_MS ? early.response : undefined;
}

/**
 * The schema, or its chunk already downloading (alongside a GET; a POST waits for it before sending); a download
 * that fails counts as a network failure.
 */
function schemaFor<T>(schema: Schema<T> | SchemaLoader<T>): Schema<T> | Promise<Schema<T>> {
  if (typeof schema !== 'function') return schema;
  const loading = schema().catch((cause: unknown) => {
    throw new ApiError('network', 0, cause instanceof Error ? cause.message : 'Network failure');
  });
  loading.catch(() => undefined); // reported when the answer is read; an error answer does not need it
  return loading;
}

async function request<T>(method: 'GET' | 'POST' | 'PUT', path: string, options: RequestOptions<T>): Promise<T> {
  let schema = schemaFor(options.schema);
  const headers: Record<string, string> = {};
  if (method !== 'GET') {
    // A change is sent only once its answer can be read: a schema that failed to download after the server
    // had done the work would report a failure for a change that happened.
    schema = await schema;
    headers['content-type'] = 'application/json';
    headers[IDEMPOTENCY_HEADER] = options.idempotencyKey ?? newIdempotencyKey();
    headers[CSRF_HEADER] = readCookie(CSRF_COOKIE) ?? (await fetchCsrfToken());
  }
  const early = method === 'GET' ? takePrefetched(path) : undefined;
  let res = await (early ?? send(method, path, options.body ?? (method !== 'GET' ? {} : undefined), headers));
  if (method !== 'GET' && res.status === 403) {
    // An expired or rotated token: fetch a fresh one and try once more with the same idempotency key.
    if ((await errorCodeOf(res)) === 'CSRF_FAILED') {
      headers[CSRF_HEADER] = await fetchCsrfToken();
      res = await send(method, path, options.body ?? {}, headers);
    }
    // The refused attempt changed nothing, and its key now replays the refusal: the retry gets a new key.
    if (res.status === 403 && onReauthRequired && (await errorCodeOf(res)) === 'REAUTH_REQUIRED') {
      if (await onReauthRequired()) {
        headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();
        res = await send(method, path, options.body ?? {}, headers);
      }
    }
  }
  if (res.status === 401 && options.logoutOn401 !== false) {
    clearStoredUser();
    onUnauthorized?.();
  }
  return readBody(res, schema);
}

export function apiGet<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return request('GET', path, options);
}

/** A PUT (replaces a setting); sent like a POST: CSRF token, Idempotency-Key, the same retries. */
export function apiPut<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T> {
  return request('PUT', path, { ...options, body });
}

/**
 * POSTs waiting for their answer, by signed-in user, path, body and caller-chosen key. A second identical
 * submission while the first is unanswered (a double click lands before the button re-renders disabled; two
 * handlers send one form) shares the first one's answer instead of sending the change again under a new
 * Idempotency-Key: the money moves once, and both callers hear that it did. Once answered, the same change may
 * be sent again on purpose; another user signed in on the tab never shares an answer sent for the last one.
 */
const postsInFlight = new Map<string, Promise<unknown>>();

export function apiPost<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T> {
  const key = `${storedUserId() ?? ''}\n${path}\n${options.idempotencyKey ?? ''}\n${JSON.stringify(body ?? {})}`;
  const pending = postsInFlight.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const sent = request('POST', path, { ...options, body }).finally(() => postsInFlight.delete(key));
  postsInFlight.set(key, sent);
  return sent;
}
