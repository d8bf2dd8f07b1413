import type { Response } from '../helpers.js';

/** What a reply must never show: a stack frame, a server path, database or runtime internals. */
const LEAKS: [string, RegExp][] = [
  // A frame's location (a path or URL, then :line:col) holds no quote: JSON text around a time is not a frame.
  ['stack trace', /\bat (async )?[\w$.<>[\] ]+ \(?[^()\s"']+:\d+:\d+\)?/],
  ['server file path', /\/work\/|\/home\/|\/usr\/|node_modules|apps\/server|file:\/\/|\.ts:\d+|\.js:\d+/],
  [
    'database error text',
    /syntax error at or near|violates [\w-]+ constraint|invalid input syntax|relation "\w+" does not exist|column "\w+" does not exist|duplicate key value|Failed query|invalid byte sequence|value too long for type|out of range for type|numeric field overflow|unterminated quoted|PGlite|drizzle|SQLSTATE|pg_catalog/i,
  ],
  [
    'runtime error text',
    /TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|is not defined|undefined is not|Maximum call stack|ZodError|FST_ERR|ECONNREFUSED|\[object Object\]/,
  ],
];
/** SQL in an error body: only checked on errors, since a 2xx may show text a user stored earlier. */
const SQL_TEXT = /\b(select|insert\s+into|update|delete\s+from)\b[\s\S]{0,80}\b(from|where|set|values)\b/i;

/** The reply with every string the caller sent removed, so echoed input is not mistaken for a leak. */
function withoutEcho(raw: string, sent: string[]): string {
  let text = raw;
  for (const s of [...sent].sort((a, b) => b.length - a.length)) {
    for (const form of [s, JSON.stringify(s).slice(1, -1)]) if (form.length >= 3) text = text.split(form).join('');
  }
  return text;
}

/** Problems with one reply: a 5xx, leaked internals, or an error outside the shared error shape. */
export function replyProblems(res: Response, sent: string[]): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`server error ${res.status}: ${res.raw.slice(0, 300)}`);
  const text = withoutEcho(res.raw ?? '', sent);
  for (const [name, pattern] of LEAKS) {
    const hit = text.match(pattern);
    if (hit) problems.push(`${name} in the reply (${res.status}): …${around(text, hit.index ?? 0)}…`);
  }
  if (res.status >= 400) {
    const hit = text.match(SQL_TEXT);
    if (hit) problems.push(`SQL text in an error reply (${res.status}): …${around(text, hit.index ?? 0)}…`);
    const error = (res.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
      problems.push(`error reply ${res.status} is not {error:{code,message}}: ${res.raw.slice(0, 200)}`);
    }
  }
  return problems;
}

const around = (text: string, index: number) => text.slice(Math.max(0, index - 60), index + 100);

/** A short, printable rendering of a failing case for the report. */
export function describeCase(value: unknown): string {
  const text = JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'string' && v.length > 120 ? `${v.slice(0, 60)}…(${v.length} chars)` : v,
  );
  return text.length > 1_500 ? text.slice(0, 1_500) + '…' : text;
}
