import { Loader, Text, type MantineSize } from '@mantine/core';
import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { loadErrorText } from '../../lib/errors';
import { ErrorBox } from './ErrorBox';

/** One answer read from the API: a loader while it loads, the load error with a retry, else `children` draws it. */
export function QueryView<T>({
  query,
  loadingLabel,
  loaderSize,
  children,
}: {
  query: UseQueryResult<T> | UseInfiniteQueryResult<T>;
  loadingLabel: string;
  loaderSize?: MantineSize;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader size={loaderSize} aria-label={loadingLabel} />;
  if (query.isError) return <ErrorBox message={loadErrorText(query.error)} onRetry={() => void query.refetch()} />;
  return children(query.data);
}

/**
 * A list read from the API, in the one way every screen shows one: a loader while it loads, the load error
 * with a retry, the empty text when there is nothing, else the rows drawn by `children`.
 */
export function QueryList<T>({
  query,
  loadingLabel,
  loaderSize,
  empty,
  children,
}: {
  /** A query, or a paged one whose `select` flattens the loaded pages into rows. */
  query: UseQueryResult<T[]> | UseInfiniteQueryResult<T[]>;
  loadingLabel: string;
  loaderSize?: MantineSize;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <QueryView query={query} loadingLabel={loadingLabel} loaderSize={loaderSize}>
      {(rows) => (rows.length === 0 ? <Text c="dimmed">{empty}</Text> : children(rows))}
    </QueryView>
  );
}
