import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const CHAIN_LABELS = { simulated: msg`the simulated chain`, bsc: msg`BNB Smart Chain` } as const;

/** The page's first line; its own component so the catalog reads {chain}. */
function ChainNote({ chain }: { chain: string }) {
  return (
    <Text c="dimmed" fz="sm">
      <Trans>What the treasury holds on {chain}, beside what the ledger owes users.</Trans>
    </Text>
  );
}

/**
 * /dashadmin/treasury (DESIGN D16): what the chain holds beside what the ledger owes, transfers out of the
 * treasury that match no withdrawal, and the payouts under way. On a development server, the treasury command's
 * two steps as buttons.
 */
export default function TreasuryPage() {
  const { t, i18n } = useLingui();
  const treasury = useTreasury();
  // Reading the treasury (compliance) is not running it: the buttons go to roles that hold treasury.operate.
  const canOperate = useCan()('treasury.operate');
  return (
    <ConsolePage title={t`Treasury`}>
      <QueryView query={treasury} loadingLabel={t`Loading the treasury report`} loaderSize="sm">
        {(report) => (
          <>
            <ChainNote chain={i18n._(CHAIN_LABELS[report.chain])} />
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
