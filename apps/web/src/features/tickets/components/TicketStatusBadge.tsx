import { Badge } from '@mantine/core';

/** SPEC §4 status colours: open green, pending yellow, closed red, anything else grey (shades with AA contrast). */
const COLORS: Record<string, string> = { open: '#1e6b34', pending: '#ffd43b', closed: '#a51d1d' };

export function TicketStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? '#495057'} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0 }}>
      {status}
    </Badge>
  );
}
