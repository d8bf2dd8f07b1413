import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The top of a dashboard page: its one h1 and a dimmed line saying what the page is for. */
export function PageHeader({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <div>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
    </div>
  );
}
