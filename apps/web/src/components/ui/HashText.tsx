import { useLingui } from '@lingui/react/macro';
import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { shortHash } from '../../lib/text';
import { CopyButton } from './CopyButton';

interface HashTextProps {
  /** A transaction hash or an address, shown shortened; the full value is in its title and read aloud. */
  hash: string;
  /** A block explorer page for it, opened in a new tab; without one the hash is plain text. */
  href?: string | null;
  /** Adds a Copy button for the full value, announced with this name (e.g. "Copy transaction hash"). */
  copyLabel?: string;
}

/** A long hex value in a table cell: "0x5e5e…5e5e" on screen, the whole value to hover, copy and hear. */
export function HashText({ hash, href, copyLabel }: HashTextProps) {
  const { t } = useLingui();
  const short = shortHash(hash);
  const text = (
    <>
      <span aria-hidden="true">{short}</span>
      <VisuallyHidden>{hash}</VisuallyHidden>
    </>
  );
  return (
    <Group gap={6} wrap="nowrap" component="span" display="inline-flex">
      {href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" title={hash} ff="monospace" fz="xs">
          {text}
          <VisuallyHidden> {t`(opens in a new tab)`}</VisuallyHidden>
        </Anchor>
      ) : (
        <Text component="span" title={hash} ff="monospace" fz="xs">
          {text}
        </Text>
      )}
      {copyLabel && <CopyButton value={hash} label={t`Copy`} ariaLabel={`${copyLabel} ${short}`} size="compact-xs" />}
    </Group>
  );
}
