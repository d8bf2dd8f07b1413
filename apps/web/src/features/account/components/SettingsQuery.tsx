import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { loadErrorText } from '../../../lib/errors';

/** A part of Settings read from the API: the load error in its place, "Loading…" meanwhile, else `children`. */
export function SettingsQuery<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isError) return <ErrorAlert message={loadErrorText(query.error)} />;
  if (query.isPending)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>Loading…</Trans>
      </Text>
    );
  return children(query.data);
}
