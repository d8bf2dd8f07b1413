import fc from 'fast-check';

/**
 * Hostile input for the API fuzz: malformed, oversized, wrong-typed, negative, huge, non-ASCII and
 * injection-shaped values. A value may carry a raw JSON literal JSON.stringify cannot write (1e400,
 * NaN, -0): it is a marker string that `toJsonText` swaps for the literal.
 */
const RAW_OPEN = '\u0001RAW:';
const RAW_CLOSE = '\u0001';
export const raw = (literal: string) => `${RAW_OPEN}${Buffer.from(literal).toString('base64')}${RAW_CLOSE}`;

/** JSON text of a generated value, with raw markers replaced by their literal text. */
export function toJsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/"\\u0001RAW:([A-Za-z0-9+/=]*)\\u0001"/g, (_, b64: string) =>
    Buffer.from(b64, 'base64').toString(),
  );
}

const INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1'; SELECT pg_sleep(2); --",
  "' UNION SELECT password_hash FROM users --",
  "admin'--",
  '" OR ""="',
  '\\',
  "'",
  '{"$gt":""}',
  '{"$ne":null}',
  '$where',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd\u0000.png',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '%s%s%s%n',
  '\r\nSet-Cookie: injected=1',
  '__proto__',
  'constructor',
];

const NUMERIC = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '0',
  '-1',
  '-0.01',
  '0x10',
  '0b11',
  '+1',
  '.5',
  '5.',
  '1.005',
  '0.0000001',
  '1,000',
  '1_000',
  ' 1 ',
  '1e21',
  '99999999999999999999999',
  '-9223372036854775809',
  '9223372036854775808',
  '12345678901234567.123456789',
  '١٢٣',
  '１２３',
  '10 OR 1=1',
];

const UNICODE = [
  '\u202eevil\u202c',
  'a\u200bb\u200c\u200d',
  '\ufeffbom',
  '😀💸🚀',
  '👨‍👩‍👧‍👦',
  'مرحبا\u200fعالم',
  'e\u0301\u0301\u0301',
  'İıßΩ𝕏',
  '\u2028\u2029',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\u0007\u001b[31m',
  '   ',
  '',
];

const LONG_LENGTHS = [41, 101, 201, 255, 256, 501, 1_025, 5_001, 20_000, 60_000];

/** Strings a careful server rejects or stores verbatim, but never chokes on. */
export const evilString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...INJECTION) },
  { weight: 4, arbitrary: fc.constantFrom(...NUMERIC) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...LONG_LENGTHS), fc.constantFrom('a', '9', '😀', '\u200b', "'"))
      .map(([n, c]) => c.repeat(Math.ceil(n / c.length))),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** Numbers of the wrong sign, size or kind; some only expressible as raw JSON literals. */
export const evilNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(-1, 0.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 2 ** 31, 5e-324, 1e21, 10_001, 1_000_001),
  fc.constantFrom(raw('1e400'), raw('-1e400'), raw('-0'), raw('1E+999'), raw('NaN'), raw('Infinity'), raw('0x10')),
  fc.constantFrom(raw('01'), raw('1.'), raw('.5'), raw('-'), raw('1e'), raw('9'.repeat(400))),
  fc.double(),
  fc.integer(),
);

/** A JSON value nested `depth` levels deep, as raw text (object or array nesting). */
export const deepNesting: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 64, max: 12_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** Anything at all where a field's value goes. */
export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: evilString },
  { weight: 4, arbitrary: evilNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [''], { $gt: '' }, { $ne: null }, ['a', 'b']) },
  { weight: 1, arbitrary: deepNesting.map(raw) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys a body should not have: prototype pollution, operators, oversized or odd names. */
export const evilKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', '$gt', 'role', 'isAdmin', 'userId', 'id', ''),
  fc.constantFrom('a'.repeat(5_000), '😀', '\u0000', 'a.b', 'a[b]', "'; --"),
  fc.string({ maxLength: 12 }),
);

/** Whole request bodies that are not the expected JSON object at all. */
export const rawBodyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'null', 'true', '0', '-0', '1e400', 'NaN', '"text"', '[]', '[{}]', '[[[]]]'),
  fc.constantFrom('{', '}', '{"a":', '{"a":1,}', "{'a':1}", '{"a":1}{"b":2}', '{a:1}', '{"a":undefined}'),
  fc.constantFrom('\ufeff{}', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}'),
  fc.constantFrom('{"a":1,"a":2}', '/* c */ {}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '\u0000\u0001\u0002'),
  deepNesting,
  fc.string({ unit: 'binary', maxLength: 200 }),
);

export const contentTypes: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/octet-stream',
  'json',
  '*/*',
  '',
);

/** Idempotency-Key values: absent, valid, or wrong in shape, length, charset or multiplicity. */
export const idempotencyKey: fc.Arbitrary<string | string[] | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      'short',
      'a'.repeat(101),
      'a'.repeat(5_000),
      'has space key',
      "' OR '1'='1",
      '../../etc/passwd',
      '%00%00%00%00%00',
      '<script>x</script>',
      'NaN-Infinity',
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.uuid(), fc.uuid()).map(([a, b]) => [a, b]) },
);

/** A path segment: printable, percent-encoded or deliberately broken percent-encoding. */
export const evilSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: evilString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%00',
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AF',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '00000000000000000000000000000000',
      '{00000000-0000-4000-8000-000000000000}',
      'undefined',
      'null',
      '-1',
      '1e400',
      'NaN',
    ),
  },
  { weight: 2, arbitrary: fc.uuid({ version: [1, 4, 7] }) },
  { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
  { weight: 1, arbitrary: fc.constantFrom(101, 500, 5_000).map((n) => 'a'.repeat(n)) },
);

/** A raw query string (without '?'): odd keys, repeated keys, operator keys, broken encodings. */
export const evilQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom('email', 'id', 'page', 'limit', 'email[$ne]', 'email[]', '__proto__'), evilKey),
          evilString,
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((pairs) =>
        pairs.map(([k, v]) => `${encodeURIComponent(strip(k))}=${encodeURIComponent(strip(v))}`).join('&'),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'email=a&email=b',
      'email',
      '&&&',
      '=',
      'email=%',
      'email=%zz',
      'a=' + 'x'.repeat(9_000),
    ),
  },
);

/** Lone surrogates cannot be percent-encoded; swap them for a letter. */
const strip = (s: string) => s.replace(/[\ud800-\udfff]/g, 'x');
