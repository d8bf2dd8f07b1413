import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { balanceText, signedAmountText } from '@svp/shared';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { HashText } from '../../../components/ui/HashText';
import { loadErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/text';
import { useLedgerEntry, type LedgerScope } from '../api/history';
import classes from './Ledger.module.css';
import { localizeText } from '../../../shared/language/i18n';

/** A transaction's details, as a sheet over the list (the whole screen on a phone): what it did to each balance, and what it refers to. */
export function LedgerDetailSheet({
  scope,
  id,
  onClose,
}: {
  scope: LedgerScope;
  id: string | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const narrow = useMediaQuery('(max-width: 48em)');
  const entry = useLedgerEntry(scope, id);
  const d = entry.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      fullScreen={narrow}
      size="lg"
      title={d ? localizeText(d.title) : t`Transaction`}
      closeButtonProps={{ 'aria-label': t`Close the details` }}
    >
      {entry.isPending && <Loader aria-label={t`Loading the details`} />}
      {entry.isError && <ErrorBox message={loadErrorText(entry.error)} onRetry={() => void entry.refetch()} />}
      {d && (
        <Stack gap="md" data-testid="ledger-detail">
          <div>
            <Text fw={600}>{localizeText(d.description)}</Text>
            <Text component="time" dateTime={d.createdAt} fz="sm" c="dimmed" display="block">
              {formatDateTime(d.createdAt)}
            </Text>
          </div>
          <Table verticalSpacing="xs" aria-label={t`What it moved`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Account</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Amount</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Balance after</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.changes.map((c) => (
                <Table.Tr key={c.account}>
                  <Table.Td>{localizeText(c.label)}</Table.Td>
                  <Table.Td
                    ta="right"
                    fw={700}
                    className={c.amount.startsWith('-') ? classes.debit : classes.credit}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {signedAmountText(c.amount, c.asset)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {balanceText(c.balanceAfter, c.asset)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={6}>
            <Text fw={600} fz="sm">
              <Trans>References</Trans>
            </Text>
            <Group justify="space-between" wrap="nowrap">
              <Text fz="sm" c="dimmed">
                <Trans>Transaction number</Trans>
              </Text>
              <Badge variant="light" ff="monospace" style={{ textTransform: 'none' }}>
                {d.id}
              </Badge>
            </Group>
            {d.references.map((r) => {
              const label = localizeText(r.label);
              // English keeps its lower-case "Copy transaction hash"; other languages name the reference as shown.
              const copyName = label === r.label ? r.label.toLowerCase() : label;
              return (
                <Group key={r.label} justify="space-between" wrap="nowrap" gap="sm" data-testid="ledger-reference">
                  <Text fz="sm" c="dimmed">
                    {label}
                  </Text>
                  {r.type === 'hash' ? (
                    <HashText hash={r.value} copyLabel={t`Copy ${copyName}`} />
                  ) : (
                    <Text fz="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
                      {r.value}
                    </Text>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
