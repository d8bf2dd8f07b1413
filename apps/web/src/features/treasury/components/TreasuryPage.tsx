import { SimpleGrid, Text } from '@mantine/core';
import { FiguresAge } from '../../../components/ui/FiguresAge';
import { QueryView } from '../../../components/ui/QueryList';
import { useCan } from '../../../shared/admin-console';
import { useTreasury } from '../api/treasury';
import { DifferenceAlert } from './DifferenceAlert';
import { HoldingsCard } from './HoldingsCard';
import { OwedCard } from './OwedCard';
import { PayoutsCard } from './PayoutsCard';
import { TreasuryDevCard } from './TreasuryDevCard';
import { UnmatchedTransfers } from './UnmatchedTransfers';
import { ConsolePage } from '../../../components/ui/ConsolePage';

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
    <ConsolePage title="Treasury">
      <QueryView query={treasury} loadingLabel="Loading the treasury report" loaderSize="sm">
        {(report) => (
          <>
            <Text c="dimmed" fz="sm">
              What the treasury holds on {CHAIN_LABELS[report.chain]}, beside what the ledger owes users.
            </Text>
            <FiguresAge asOf={report.figuresAsOf} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <HoldingsCard report={report} />
              <OwedCard owed={report.owed} />
            </SimpleGrid>
            {report.difference !== null && <DifferenceAlert difference={report.difference} summary={report.summary} />}
            <PayoutsCard report={report} />
            <UnmatchedTransfers report={report} canExplain={canOperate} />
            {report.devCommands && canOperate && <TreasuryDevCard explorerUrl={report.explorerUrl} />}
          </>
        )}
      </QueryView>
    </ConsolePage>
  );
}
