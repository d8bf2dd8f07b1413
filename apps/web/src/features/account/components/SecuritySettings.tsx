import { Card, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Loaded with the settings page's first visit, so its schemas and forms stay out of the dashboard's first screen.
const SecuritySection = lazy(() => import('./SecuritySection'));

/** Settings → Security, as the settings page renders it. */
export function SecuritySettings() {
  return (
    <Suspense
      fallback={
        <Card withBorder radius="lg" padding="lg">
          <Loader size="sm" aria-label="Loading security settings" />
        </Card>
      }
    >
      <SecuritySection />
    </Suspense>
  );
}
