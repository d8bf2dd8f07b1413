import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { formatDateTime } from '../../lib/text';

/**
 * On a page a read replica served (DESIGN §8): how old its figures are. Nothing when the primary answered
 * (`asOf` absent): those figures are current.
 */
export function FiguresAge({ asOf, now = Date.now() }: { asOf: string | undefined; now?: number }) {
  if (!asOf) return null;
  const behindSeconds = Math.max(0, Math.round((now - Date.parse(asOf)) / 1000));
  const time = formatDateTime(asOf);
  return (
    <Text fz="xs" c="dimmed" data-testid="figures-age">
      {behindSeconds >= 2 ? (
        <Trans>
          Figures as of {time} ({behindSeconds} s behind); recent changes may take a moment to show.
        </Trans>
      ) : (
        <Trans>Figures as of {time}; recent changes may take a moment to show.</Trans>
      )}
    </Text>
  );
}
