import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';

/** SPEC §4 status colours: open green, pending yellow, closed red, anything else grey (shades with AA contrast). */
const COLORS: Record<string, string> = { open: '#1e6b34', pending: '#ffd43b', closed: '#a51d1d' };

// The known statuses in the reader's language (lower case, as the spec shows them); another is shown as sent.
const LABELS: Record<string, MessageDescriptor> = {
  open: msg({ message: 'open', context: 'ticket status' }),
  pending: msg({ message: 'pending', context: 'ticket status' }),
  closed: msg({ message: 'closed', context: 'ticket status' }),
};

export function TicketStatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const label = LABELS[status];
  return (
    <Badge color={COLORS[status] ?? '#495057'} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0 }}>
      {label ? i18n._(label) : status}
    </Badge>
  );
}
