import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@svp/shared';
import type { Access } from '../../src/http/access.js';

/** A JSON schema as @fastify/swagger prints it (only the parts the fuzz reads). */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  anyOf?: JsonSchema[];
}

export interface FuzzRoute {
  method: string;
  /** Full path with `:param` placeholders, e.g. /api/v1/tickets/:id. */
  url: string;
  access: Access;
  params: string[];
  query: Record<string, JsonSchema>;
  paramSchemas: Record<string, JsonSchema>;
  body: JsonSchema | null;
}

/** Which test file fuzzes a route: split by access rule so each file stays short and runs in parallel. */
export type Partition = 'public' | 'user' | 'admin';
export function partitionOf(access: Access): Partition {
  switch (access) {
    case 'public':
    case 'authenticated':
    case 'admin-mfa':
    case 'user-mfa':
      return 'public';
    case 'user':
      return 'user';
    case 'admin':
      return 'admin';
  }
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** Every API route from the route table, described from the app's own OpenAPI document. */
export function fuzzRoutes(app: FastifyInstance): FuzzRoute[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return apiRoutes(app).map((entry) => {
    const openApiPath = entry.url.replace(/:(\w+)/g, '{$1}');
    const op = doc.paths[openApiPath]?.[entry.method.toLowerCase()] ?? {};
    const parameters = op.parameters ?? [];
    return {
      method: entry.method,
      url: entry.url,
      access: entry.access,
      params: [...entry.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
      paramSchemas: Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema])),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    };
  });
}

/** The JSON API's routes (the table also holds /healthz, /metrics and the API docs' pages). */
export const apiRoutes = (app: FastifyInstance) => app.routeTable.filter((entry) => entry.url.startsWith(API_PREFIX));

/** The path with every `:param` replaced by the given (already URL-safe) segments. */
export function fillPath(url: string, segments: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => segments[name] ?? 'missing');
}

export const apiPath = (path: string) => API_PREFIX + path;

/** Strings in a schema with nothing bounding their length (no maxLength, enum, format or bounded pattern). */
export function unboundedStrings(schema: JsonSchema | null | undefined, at = ''): string[] {
  if (!schema) return [];
  const found: string[] = [];
  if (schema.type === 'string' && !isBounded(schema)) found.push(at || '(root)');
  for (const [key, sub] of Object.entries(schema.properties ?? {}))
    found.push(...unboundedStrings(sub, `${at}.${key}`));
  if (typeof schema.additionalProperties === 'object') {
    found.push(...unboundedStrings(schema.additionalProperties, `${at}.*`));
  }
  for (const sub of schema.anyOf ?? []) found.push(...unboundedStrings(sub, at));
  return found;
}

function isBounded(schema: JsonSchema): boolean {
  if (schema.maxLength !== undefined || schema.enum || schema.format === 'uuid') return true;
  // An anchored pattern with only bounded repetition ({n} or {n,m}) cannot match a long string.
  return !!schema.pattern && /^\^.*\$$/.test(schema.pattern) && !/[+*]|\{\d+,\}/.test(schema.pattern);
}
