import { API, type PublicConfig } from '@svp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api';
import { publicConfig } from '../lib/response-shapes';
import { configKeys } from './query-keys';

/** Shown until /config answers, and if it never does: the spec's default brand. */
export const DEFAULT_BRAND = 'My Dashboard';

export function getConfig(): Promise<PublicConfig> {
  return apiGet(API.config, { schema: publicConfig });
}

export const configQueryOptions = queryOptions({
  queryKey: configKeys.all,
  queryFn: getConfig,
  // Operator configuration changes with a deploy, not while a page is open.
  staleTime: Infinity,
  retry: 1,
});

export function usePublicConfig() {
  return useQuery(configQueryOptions);
}
