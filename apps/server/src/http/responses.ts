import { errorResponseSchema } from '@svp/shared';

/**
 * The error replies any API route can give (DESIGN §4): validation, session, role, missing, conflict,
 * idempotency mismatch and rate limit all share one shape. Routes spread this into `schema.response`.
 */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
} as const;
