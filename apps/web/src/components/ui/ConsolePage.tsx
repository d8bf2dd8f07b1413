import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page of the admin console: its one h1, then the page's parts one under the other. */
export function ConsolePage({ title, maw, children }: { title: string; maw?: number; children: ReactNode }) {
  return (
    <Stack gap="md" maw={maw}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
