import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, API_PREFIX } from '@svp/shared';
import { chooseLogFormat, prettyLogStream } from '../../src/http/log-format.js';
import { buildTestApp, Client, registerUser, type TestApp } from '../helpers.js';

describe('the log format', () => {
  it('is JSON in production and wherever no person watches, short lines at a development terminal', () => {
    expect(chooseLogFormat({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(chooseLogFormat({ NODE_ENV: 'development' }, false)).toBe('json');
    expect(chooseLogFormat({ NODE_ENV: 'development' }, true)).toBe('pretty');
    expect(chooseLogFormat({ NODE_ENV: 'development', LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(chooseLogFormat({ NODE_ENV: 'development', LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => chooseLogFormat({ NODE_ENV: 'development', LOG_FORMAT: 'yaml' }, true)).toThrow(/LOG_FORMAT/);
  });

  it('writes what is not pino JSON as it came, and an error with its stack', () => {
    const out: string[] = [];
    const stream = prettyLogStream({ write: (text) => out.push(text) }, { color: false });
    stream.write('plain text\n');
    stream.write(
      `${JSON.stringify({ level: 50, time: 0, msg: 'boom', err: { message: 'x', stack: 'Error: x\n  at y' } })}\n`,
    );
    expect(out[0]).toBe('plain text\n');
    expect(out[1]).toMatch(/^\d\d:\d\d:\d\d ERROR boom\nError: x\n {2}at y\n$/);
  });
});

describe('the pretty log of a running app', () => {
  const out: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      { LOG_LEVEL: 'info' },
      prettyLogStream({ write: (text) => out.push(text) }, { color: false }),
    );
    const client = new Client(t.app, '10.73.0.1');
    await registerUser(client);
    await client.request({ method: 'GET', url: `${API_PREFIX}${API.accountEmailVerify}?token=secret-token-73` });
  });
  afterAll(() => t.close());

  it('shows each request as one line: method, path, status, time', () => {
    const lines = out.join('').split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^\\d\\d:\\d\\d:\\d\\d POST ${API_PREFIX}${API.register} 201 \\d+ ms$`)),
    );
    expect(lines.some((line) => line.includes('incoming request') || line.includes('"msg"'))).toBe(false);
  });

  it('keeps queries out, and shows the development mail line with its link once', () => {
    const text = out.join('');
    expect(text).not.toContain('secret-token-73');
    expect(text).toContain(`GET ${API_PREFIX}${API.accountEmailVerify}?[query not logged]`);
    const mail = text.split('\n').filter((line) => line.includes('e-mail not sent (no SMTP_URL; development only)'));
    expect(mail).toHaveLength(1);
    const links = mail[0]!.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1); // in the message, not repeated as a field
  });
});
