import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { FiguresAge } from '../../../components/ui/FiguresAge';
import { loadErrorText } from '../../../lib/errors';
import { useCan } from '../../../shared/admin-console';
import { useTreasury } from '../api/treasury';
import { DifferenceAlert } from './DifferenceAlert';
import { HoldingsCard } from './HoldingsCard';
import { OwedCard } from './OwedCard';
import { PayoutsCard } from './PayoutsCard';
import { TreasuryDevCard } from './TreasuryDevCard';
import { UnmatchedTransfers } from './UnmatchedTransfers';

const CHAIN_LABELS = { simulated: 'the simulated chain', bsc: 'BNB Smart Chain' } as const;

/**
 * /dashadmin/treasury (DESIGN D16): what the chain holds beside what the ledger owes, transfers out of the
 * treasury that match no withdrawal, and the payouts under way. On a development server, the treasury command's
 * two steps as buttons.
 */
export default function TreasuryPage() {
  const treasury = useTreasury();
  // Reading the treasury (compliance) is not running it: the buttons go to roles that hold treasury.operate.
  const canOperate = useCan()('treasury.operate');
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Treasury
      </Title>
      {treasury.isPending ? (
        <Loader size="sm" aria-label="Loading the treasury report" />
      ) : treasury.isError ? (
        <ErrorBox message={loadErrorText(treasury.error)} onRetry={() => void treasury.refetch()} />
      ) : (
        <>
          <Text c="dimmed" fz="sm">
            What the treasury holds on {CHAIN_LABELS[treasury.data.chain]}, beside what the ledger owes users.
          </Text>
          <FiguresAge asOf={treasury.data.figuresAsOf} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <HoldingsCard report={treasury.data} />
            <OwedCard owed={treasury.data.owed} />
          </SimpleGrid>
          {treasury.data.difference !== null && (
            <DifferenceAlert difference={treasury.data.difference} summary={treasury.data.summary} />
          )}
          <PayoutsCard report={treasury.data} />
          <UnmatchedTransfers report={treasury.data} canExplain={canOperate} />
          {treasury.data.devCommands && canOperate && <TreasuryDevCard explorerUrl={treasury.data.explorerUrl} />}
        </>
      )}
    </Stack>
  );
}
