import { Text } from '@mantine/core';
import { formatDateTime } from '../../lib/text';

/**
 * On a page a read replica served (DESIGN §8): how old its figures are. Nothing when the primary answered
 * (`asOf` absent): those figures are current.
 */
export function FiguresAge({ asOf, now = Date.now() }: { asOf: string | undefined; now?: number }) {
  if (!asOf) return null;
  const behindSeconds = Math.max(0, Math.round((now - Date.parse(asOf)) / 1000));
  return (
    <Text fz="xs" c="dimmed" data-testid="figures-age">
      Figures as of {formatDateTime(asOf)}
      {behindSeconds >= 2 && ` (${behindSeconds} s behind)`}; recent changes may take a moment to show.
    </Text>
  );
}
