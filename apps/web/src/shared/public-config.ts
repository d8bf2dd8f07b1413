import { msg } from '@lingui/core/macro';
import { API, type PublicConfig } from '@svp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, serverAnswer } from '../lib/api';
import { configKeys } from './query-keys';

/** Shown until /config answers, and if it never does: the spec's default brand (render with `i18n._`). */
export const DEFAULT_BRAND = msg`My Dashboard`;

/** Operator configuration: the same for every visitor until the next deploy. */
export function getConfig(): Promise<PublicConfig> {
  return apiGet(API.config, { schema: serverAnswer<PublicConfig>() });
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
