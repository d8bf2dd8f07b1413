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
import { clearStoredUser } from './storedUser';

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
 * waits for it and, once a fresh code was accepted, is sent again (issue #6, step-up re-authentication).
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

export interface RequestOptions<T> {
  schema: Schema<T>;
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

async function readBody<T>(res: Response, schema: Schema<T>): Promise<T> {
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
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError('parse', res.status, 'Unexpected response from the server');
  return parsed.data;
}

async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = {};
  if (method === 'POST') {
    headers['content-type'] = 'application/json';
    headers[IDEMPOTENCY_HEADER] = options.idempotencyKey ?? newIdempotencyKey();
    headers[CSRF_HEADER] = readCookie(CSRF_COOKIE) ?? (await fetchCsrfToken());
  }
  let res = await send(method, path, options.body ?? (method === 'POST' ? {} : undefined), headers);
  if (method === 'POST' && res.status === 403) {
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
  return readBody(res, options.schema);
}

export function apiGet<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return request('GET', path, options);
}

export function apiPost<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T> {
  return request('POST', path, { ...options, body });
}
