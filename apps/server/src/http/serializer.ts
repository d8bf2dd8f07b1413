import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };
type Serialize = (data: unknown) => string;

/**
 * Zod types with no JSON form: a response schema using one could not say what leaves the server, so the
 * app refuses to start rather than guess. (A Date is written as its ISO text, as JSON.stringify does.)
 */
const UNREPRESENTABLE = new Set([
  'bigint',
  'symbol',
  'undefined',
  'void',
  'map',
  'set',
  'transform',
  'nan',
  'custom',
  'function',
  'promise',
]);

/**
 * The JSON Schema of what a zod response schema lets out, for fast-json-stringify. The output side (`io:
 * 'output'`): what the handler returns is what is written, nothing is parsed on the way out.
 *
 * The schema is then put in the form fast-json-stringify writes fastest, with the same meaning for it
 * (`forSerialization`).
 */
export function responseJsonSchema(schema: z.ZodType, where = 'a response'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    cycles: 'throw',
    reused: 'inline',
    override: (ctx) => {
      const type = ctx.zodSchema._zod.def.type;
      if (type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      else if (UNREPRESENTABLE.has(type)) throw new Error(`${where}: a ${type} has no JSON form`);
    },
  }) as JsonSchema;
  delete json.$schema;
  return forSerialization(json) as JsonSchema;
}

const isSchema = (node: unknown): node is JsonSchema => node !== null && typeof node === 'object';
const isNullSchema = (node: unknown) => isSchema(node) && node.type === 'null' && Object.keys(node).length === 1;
const isConstOf = (node: unknown, type: string) =>
  isSchema(node) && node.type === type && 'const' in node && Object.keys(node).length === 2;

/**
 * - `additionalProperties: false` goes: fast-json-stringify writes only the declared properties of an object
 *   whatever it says, but ajv, which picks the branch of a union, would refuse a branch for a property the
 *   handler returned and the schema does not list — the very property to drop.
 * - A union is written by asking ajv which branch fits, on every response. Two common ones need no ajv: an
 *   object or array or null (`.nullable()`) becomes fast-json-stringify's `nullable`, and a union of literals
 *   of one type (`0 | 1`) becomes that type with an `enum`.
 */
function forSerialization(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerialization);
  if (!isSchema(node)) return node;
  const options = node.anyOf;
  if (Array.isArray(options) && Object.keys(node).length === 1) {
    const [first, second] = options as unknown[];
    const value = isNullSchema(second) ? first : isNullSchema(first) ? second : null;
    if (options.length === 2 && isSchema(value) && (value.type === 'object' || value.type === 'array')) {
      return { ...(forSerialization(value) as JsonSchema), nullable: true };
    }
    const type = isSchema(first) ? first.type : undefined;
    if (typeof type === 'string' && type !== 'null' && options.every((option) => isConstOf(option, type))) {
      return { type, enum: options.map((option) => (option as JsonSchema).const) };
    }
  }
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    // `const`/`enum`/`default` hold values, not schemas: kept as written.
    if (keyword === 'const' || keyword === 'enum' || keyword === 'default') out[keyword] = value;
    else if (!(keyword === 'additionalProperties' && value === false)) out[keyword] = forSerialization(value);
  }
  return out;
}

/** One compiled serializer per zod schema: the error schema every route declares is compiled once. */
const compiled = new WeakMap<object, Serialize>();

/**
 * Fastify's serializer compiler for routes whose response schemas are zod: each schema becomes a JSON Schema
 * and a fast-json-stringify function once, at start-up. The schema stays the whitelist of what may leave the
 * server: an undeclared property is not written; a declared one missing, or a value no union branch fits,
 * throws, and the error handler answers 500 in our error shape (nothing of the value is sent).
 * fast-json-stringify coerces what it can (a number declared as text, null for a string) and checks no
 * pattern or enum; with `checkWithZod` (NODE_ENV=test: the API suites; never in development, the benchmark or production) each answer is also checked
 * against its zod schema first, so a handler drifting from its schema fails a test instead of shipping.
 */
export function responseSerializerCompiler(options: { checkWithZod: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: response schemas are zod schemas`);
    let serialize = compiled.get(schema);
    if (!serialize) {
      const where = `${method} ${url} ${httpStatus ?? ''}`.trim();
      serialize = fastJson(responseJsonSchema(schema, where)) as Serialize;
      compiled.set(schema, serialize);
    }
    if (!options.checkWithZod) return serialize;
    const fast = serialize;
    return (data: unknown) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new Error(`${method} ${url}: the answer does not fit its schema: ${checked.error.message}`);
      }
      return fast(data);
    };
  };
}
