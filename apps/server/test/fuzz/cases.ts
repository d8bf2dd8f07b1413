import fc from 'fast-check';
import { WALLET, PASSWORD } from '../helpers.js';
import {
  contentTypes,
  evilKey,
  evilQuery,
  evilSegment,
  evilValue,
  idempotencyKey,
  rawBodyText,
  toJsonText,
} from './arbitraries.js';
import type { FuzzRoute, JsonSchema } from './routes.js';
import type { World } from './world.js';

/** One request the fuzz sends: where, what body in which form, and with which headers. */
export interface FuzzCase {
  segments: Record<string, string>;
  query: string;
  /** `undefined` sends no body; otherwise the exact bytes. */
  payload: string | undefined;
  contentType: string | undefined;
  idempotencyKey: string | string[] | undefined;
  /** False sends no CSRF header: the request must be refused whatever else it carries. */
  csrf: boolean;
  /** Every string the case carries, so a reply echoing the caller's input is not taken for a leak. */
  sent: string[];
}

/** Values that pass each field's schema, so one bad field at a time reaches deep into the handlers. */
function goodValues(world: World): Record<string, unknown> {
  return {
    email: 'nobody@example.com',
    password: PASSWORD,
    newPassword: PASSWORD,
    walletAddress: WALLET,
    referralCode: '',
    otp: '123456',
    code: '123456',
    username: 'fuzz_name',
    amount: '1',
    tokens: '1',
    plan: 'standard',
    duration: 45,
    requestId: world.ids.userTopup,
    to: WALLET,
    txHash: '0x' + 'ab'.repeat(32),
    reason: 'Fuzz reason',
    message: 'Fuzz message',
    subject: 'Fuzz subject',
    clicks: 1,
    recipient: world.ids.otherUsername,
    field: 'name',
    value: 'Fuzz Name',
    name: 'Fuzz Name',
    phone: '',
    advanceMs: 0,
    advanceDays: 0,
    reset: false,
  };
}

function goodValue(name: string, schema: JsonSchema, world: World): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const known = goodValues(world);
  if (name in known) return fc.constant(known[name]);
  if (schema.format === 'uuid') return fc.constantFrom(...Object.values(world.ids));
  switch (schema.type) {
    case 'integer':
    case 'number':
      return fc.constant(1);
    case 'boolean':
      return fc.boolean();
    default:
      return fc.constant('fuzz');
  }
}

/** A body that satisfies the schema (dataset rows: a record of strings). */
function validBody(schema: JsonSchema, world: World): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  if (!Object.keys(props).length && typeof schema.additionalProperties === 'object') {
    return fc.constantFrom({ name: 'Fuzz' }, { phone: '' }, { username: 'fuzz_row' }, { referralCode: 'FUZZ1' });
  }
  return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, goodValue(k, s, world)])));
}

/** A schema-shaped body with some fields swapped for hostile values, dropped, or joined by strangers. */
function mutatedBody(schema: JsonSchema, world: World): fc.Arbitrary<unknown> {
  const fields = Object.keys(schema.properties ?? {});
  const keys = fields.length ? fc.subarray(fields, { minLength: 1 }) : fc.constant([] as string[]);
  return fc
    .tuple(
      validBody(schema, world),
      keys,
      fc.array(evilValue, { minLength: 3, maxLength: 3 }),
      fc.boolean(),
      fc.array(fc.tuple(evilKey, evilValue), { maxLength: 2 }),
    )
    .map(([body, chosen, values, drop, extra]) => {
      const out: Record<string, unknown> = { ...body };
      chosen.forEach((k, i) => {
        if (drop && i === 0) delete out[k];
        else out[k] = values[i % values.length];
      });
      for (const [k, v] of extra) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
      return out;
    });
}

interface BodyChoice {
  value?: unknown;
  text?: string;
  contentType?: string | undefined;
}

function bodyChoice(route: FuzzRoute, world: World): fc.Arbitrary<BodyChoice> {
  const json = (value: unknown): BodyChoice => ({ value, contentType: 'application/json' });
  const asRaw = (text: string): BodyChoice => ({ text, contentType: 'application/json' });
  if (route.method === 'GET') {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<BodyChoice>({}) },
      { weight: 1, arbitrary: evilValue.map(json) },
    );
  }
  const schema = route.body;
  const choices: fc.WeightedArbitrary<BodyChoice>[] = [
    { weight: 2, arbitrary: evilValue.map(json) },
    { weight: 2, arbitrary: rawBodyText.map(asRaw) },
    { weight: 1, arbitrary: fc.constant<BodyChoice>({}) },
  ];
  if (schema) {
    choices.push(
      { weight: 2, arbitrary: validBody(schema, world).map(json) },
      { weight: 7, arbitrary: mutatedBody(schema, world).map(json) },
      {
        weight: 1,
        arbitrary: fc.tuple(validBody(schema, world), contentTypes).map(([value, contentType]) => ({
          value,
          contentType,
        })),
      },
    );
  } else {
    choices.push({ weight: 3, arbitrary: fc.constant(json({})) });
  }
  return fc.oneof(...choices);
}

/** Path segments: the world's real ids (own, another user's, the victim's) or hostile text. */
function segmentsFor(route: FuzzRoute, world: World): fc.Arbitrary<Record<string, string>> {
  const known = Object.values(world.ids).filter((v) => /^[0-9a-f-]{36}$/.test(v));
  return fc.record(
    Object.fromEntries(
      route.params.map((name) => {
        const real =
          name === 'table' ? fc.constantFrom('users', 'userData', 'referralData') : fc.constantFrom(...known);
        return [name, fc.oneof({ weight: 3, arbitrary: real }, { weight: 2, arbitrary: evilSegment })];
      }),
    ),
  );
}

export function caseFor(route: FuzzRoute, world: World): fc.Arbitrary<FuzzCase> {
  const unsafe = route.method !== 'GET';
  return fc
    .record({
      segments: segmentsFor(route, world),
      query: evilQuery,
      body: bodyChoice(route, world),
      idempotencyKey: unsafe ? idempotencyKey : fc.constant(undefined),
      csrf: unsafe ? fc.oneof({ weight: 15, arbitrary: fc.constant(true) }, fc.constant(false)) : fc.constant(true),
    })
    .map(({ segments, query, body, idempotencyKey, csrf }) => {
      const payload = body.text ?? (body.value === undefined ? undefined : toJsonText(body.value));
      const sent = [...Object.values(segments).map(safeDecode), ...stringsIn(body.value), body.text ?? '', query];
      for (const part of query.split('&')) sent.push(...part.split('=').map(safeDecode));
      return {
        segments,
        query,
        payload,
        contentType: payload === undefined ? undefined : body.contentType,
        idempotencyKey,
        csrf,
        sent: sent.filter((s) => s.length >= 3),
      };
    });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [k, ...stringsIn(v)]);
  }
  return [];
}
