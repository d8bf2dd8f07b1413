/**
 * How the process writes its log. Production writes pino's JSON lines (a log shipper parses them). A developer
 * watching `npm start` in a terminal gets one short line per event instead, so the development mail line (a
 * mail's code and links, mail/mailer.ts) is not lost among a JSON object per request. pino-pretty would do it
 * too, with a dozen dependencies; this reads pino's own lines, after its redaction, so nothing secret is added.
 */

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when set; otherwise pretty outside production when a person watches (stdout is a terminal). */
export function chooseLogFormat(env: { NODE_ENV: string; LOG_FORMAT?: string }, isTTY: boolean): LogFormat {
  const asked = env.LOG_FORMAT?.trim();
  if (asked === 'json' || asked === 'pretty') return asked;
  if (asked) throw new Error(`LOG_FORMAT must be "json" or "pretty" (got "${asked}").`);
  return env.NODE_ENV !== 'production' && isTTY ? 'pretty' : 'json';
}

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '90' },
  30: { name: 'INFO ', color: '32' },
  40: { name: 'WARN ', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
};
/** Fields every line has or that the line's shape already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);
/** Requests whose completion is awaited; a stream the handler took over may never log one, so the map is capped. */
const OPEN_REQUESTS_MAX = 1_000;

interface PinoLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

/**
 * A stream for pino that writes each JSON line as text: `12:00:01 INFO  message key=value`, a request as
 * `12:00:01 GET /api/v1/me 200 4 ms` when it completes (its "incoming request" line is held until then), the
 * development mail line highlighted. A line that is not JSON is written as it came.
 */
export function prettyLogStream(out: { write(text: string): unknown }, options: { color: boolean }) {
  const paint = (code: string, text: string) => (options.color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const open = new Map<string, string>();

  function format(line: PinoLine): string | null {
    const at = paint('90', new Date(line.time ?? Date.now()).toTimeString().slice(0, 8));
    if (line.msg === 'incoming request' && line.reqId && line.req) {
      if (open.size >= OPEN_REQUESTS_MAX) open.delete(open.keys().next().value!);
      open.set(line.reqId, `${line.req.method} ${line.req.url}`);
      return null;
    }
    if (line.msg === 'request completed' && line.reqId && line.res) {
      const request = open.get(line.reqId) ?? '(request)';
      open.delete(line.reqId);
      const status = line.res.statusCode ?? 0;
      const shown = paint(status >= 500 ? '31' : status >= 400 ? '33' : '32', String(status));
      return `${at} ${request} ${shown} ${Math.round(line.responseTime ?? 0)} ms`;
    }
    const level = LEVELS[line.level ?? 30] ?? LEVELS[30]!;
    const msg = line.msg ?? '';
    // What the message already says is not repeated (the mail line names its code and links in its text).
    const extra = Object.entries(line)
      .filter(([key, value]) => !SHOWN.has(key) && value !== undefined && !said(msg, value))
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    const text = [msg, ...extra].join(' ');
    // The development mail line is the one a developer looks for: a code to type or a link to open.
    const mail = 'code' in line || 'links' in line;
    let out = `${at} ${paint(level.color, level.name)} ${mail ? paint('1;36', text) : text}`;
    if (line.err) out += `\n${line.err.stack ?? line.err.message ?? JSON.stringify(line.err)}`;
    return out;
  }

  return {
    write(chunk: string) {
      for (const raw of chunk.split('\n')) {
        if (!raw.trim()) continue;
        let line: PinoLine;
        try {
          line = JSON.parse(raw) as PinoLine;
        } catch {
          out.write(`${raw}\n`);
          continue;
        }
        const text = format(line);
        if (text !== null) out.write(`${text}\n`);
      }
    },
  };
}

/** Whether the message already holds the value (null says nothing; short strings and numbers are kept apart). */
function said(msg: string, value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.every((item) => said(msg, item));
  return typeof value === 'string' && value.length >= 3 && msg.includes(value);
}
