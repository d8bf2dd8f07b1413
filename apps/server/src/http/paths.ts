import { MSG } from '@svp/shared';
import { errors, type AppError } from './errors.js';

/** Characters no browser percent-encodes (RFC 3986 unreserved). */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Whether a request path is spelled the way a browser spells it. The router decodes what it matches, so
 * "/%61pi/v1" and "/api/v1" are one route to it; such spellings, encoded slashes and backslashes, dot
 * segments, doubled slashes, matrix parameters and control characters have no business here and are refused
 * outright rather than interpreted (DESIGN §4).
 */
export function isCanonicalPath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith('/') || path.includes('//') || /[;\\]/.test(path)) return false;
  for (const segment of path.split('/')) if (segment === '.' || segment === '..') return false;
  for (let i = path.indexOf('%'); i !== -1; i = path.indexOf('%', i + 1)) {
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return false;
    const byte = parseInt(hex, 16);
    const char = String.fromCharCode(byte);
    if (UNRESERVED.test(char) || char === '/' || char === '\\' || byte < 0x20 || byte === 0x7f) return false;
  }
  return true;
}

/**
 * Checked by the first hook of every request, matched or not (app.ts): an unusual spelling is refused before
 * any route's own hooks or handler run. The access rule lives on the route (http/access.ts) and would hold
 * anyway; this keeps every other spelling of a path from meaning anything at all.
 */
export function unusualPathRefusal(url: string | undefined): AppError | undefined {
  return isCanonicalPath(url ?? '') ? undefined : errors.validation(MSG.common.invalidPath);
}
