import { lazy } from 'react';

/** The query cache's provider (QueryProvider.tsx), downloaded with the first screen that reads server data. */
export const QueryArea = lazy(() => import('./QueryProvider'));
