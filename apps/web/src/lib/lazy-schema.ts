type ApiSchemas = typeof import('./api-schemas');

const loadSchemas = () => import('./api-schemas');

/** A schema of lib/api-schemas.ts for apiGet/apiPost, downloaded with zod on first use. */
export function lazySchema<K extends keyof ApiSchemas>(name: K): () => Promise<ApiSchemas[K]> {
  return () => loadSchemas().then((schemas) => schemas[name]);
}
