import { useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';

/** The SVP Invest mark: a rising line on the brand tile, same drawing as public/favicon.svg. */
export function Logo({ size = 36, withText = true }: { size?: number; withText?: boolean }) {
  const { t } = useLingui();
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={t`SVP Invest logo`}>
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-teal-8)" />
        <path
          d="M16 42l10-12 8 7 14-17"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="48" cy="20" r="4" fill="var(--mantine-color-yellow-4)" />
      </svg>
      {withText && (
        <Text fw={800} fz={size * 0.5} lh={1} style={{ letterSpacing: '-0.02em' }}>
          SVP Invest
        </Text>
      )}
    </Group>
  );
}
