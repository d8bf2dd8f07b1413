/**
 * The operator's treasury token (ADR 0041): a development server that runs the treasury command writes a random
 * token to its data directory, readable by the machine's operator only (mode 0600), and accepts it instead of
 * an admin session on the treasury routes. `npm run treasury` reads it from there. It is created once and kept,
 * so every instance sharing the data directory, and every restart, accepts the same one.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const OPERATOR_TOKEN_FILE = 'treasury-token';
/** How `npm run treasury` presents it: `Authorization: Bearer <token>`. */
export const operatorTokenHeader = (token: string) => `Bearer ${token}`;

export const operatorTokenPath = (dataDir: string) => path.join(dataDir, OPERATOR_TOKEN_FILE);

/** The token in `dataDir`, or null when the server has not written one there. */
export function readOperatorToken(dataDir: string): string | null {
  try {
    const token = readFileSync(operatorTokenPath(dataDir), 'utf8').trim();
    return token.length >= 32 ? token : null;
  } catch {
    return null;
  }
}

/**
 * The token in `dataDir`, written first if there is none. Written whole to a private file and linked into
 * place, so two servers starting at once never read a half-written token: the second link fails and both read
 * the first one's.
 */
export function ensureOperatorToken(dataDir: string): string {
  const existing = readOperatorToken(dataDir);
  if (existing) {
    chmodSync(operatorTokenPath(dataDir), 0o600);
    return existing;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temp = path.join(dataDir, `.${OPERATOR_TOKEN_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(temp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, operatorTokenPath(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  const token = readOperatorToken(dataDir);
  if (!token) throw new Error(`could not read the treasury token at ${operatorTokenPath(dataDir)}`);
  return token;
}

/** Whether an Authorization header carries this token (compared in constant time). */
export function presentsToken(header: string | undefined, token: string): boolean {
  if (!header) return false;
  const sent = Buffer.from(header);
  const expected = Buffer.from(operatorTokenHeader(token));
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
