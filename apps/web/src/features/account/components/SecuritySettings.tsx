import { useLingui } from '@lingui/react/macro';
import { Card, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';

// Loaded with the settings page's first visit, so its schemas and forms stay out of the dashboard's first screen.
const SecuritySection = lazy(() => import('./SecuritySection'));

/** Settings → Security, as the settings page renders it; `twoFactor` is the two-factor part, shown inside. */
export function SecuritySettings({ twoFactor }: { twoFactor?: ReactNode }) {
  const { t } = useLingui();
  return (
    <Suspense
      fallback={
        <Card withBorder radius="lg" padding="lg">
          <Loader size="sm" aria-label={t`Loading security settings`} />
        </Card>
      }
    >
      <SecuritySection twoFactor={twoFactor} />
    </Suspense>
  );
}
