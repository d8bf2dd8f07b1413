import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A figure in a card: its label in small capitals over the bold value (`testId` on the value). */
export function SmallFigure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={800} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
