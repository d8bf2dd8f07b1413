import { Alert, Stack, Text } from '@mantine/core';
import { formatBnb, formatUsdt, MSG } from '@svp/shared';
import { HashText } from '../../../components/ui/HashText';
import { SectionCard } from '../../../components/ui/SectionCard';
import { explorerAddressUrl } from '../../../lib/explorer';
import { formatDateTime, plural } from '../../../lib/text';
import type { TreasuryReport } from '../api/treasury';
import { FigureRow, Figures } from '../../../components/ui/Figures';

function Address({ report, address }: { report: TreasuryReport; address: string }) {
  return <HashText hash={address} href={explorerAddressUrl(report.explorerUrl, address)} copyLabel="Copy address" />;
}

/** What the chain holds: the treasury, deposits not swept into it yet, and the gas that pays for sweeps. */
export function HoldingsCard({ report }: { report: TreasuryReport }) {
  const chain = report.onChain;
  return (
    <SectionCard title="On chain" size="h4" compact data-testid="treasury-holdings">
      {chain === null ? (
        <Alert color="gray" variant="light" role="status">
          {MSG.treasury.notRefreshed}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Figures label="On-chain holdings">
            <FigureRow
              label="Treasury"
              hint={
                report.treasuryAddress ? (
                  <Address report={report} address={report.treasuryAddress} />
                ) : (
                  'No treasury address configured.'
                )
              }
              value={formatUsdt(chain.treasuryUsdt)}
            />
            <FigureRow
              label="+ Not swept yet"
              hint={`On ${plural(chain.unsweptAddresses, 'deposit address', 'deposit addresses')}`}
              value={formatUsdt(chain.unsweptUsdt)}
            />
            <FigureRow label="Held on chain" value={formatUsdt(chain.total)} strong />
            <FigureRow
              label="Gas wallet"
              hint={
                <>
                  {report.gasWalletAddress ? (
                    <Address report={report} address={report.gasWalletAddress} />
                  ) : (
                    'No gas wallet configured.'
                  )}
                  <div>
                    {chain.sweepsCovered === null
                      ? 'This chain charges no gas.'
                      : `Pays for about ${plural(chain.sweepsCovered, 'more sweep')}.`}
                  </div>
                </>
              }
              value={formatBnb(chain.gasBnb)}
            />
          </Figures>
          <Text fz="xs" c="dimmed">
            Last read from the chain: {formatDateTime(chain.refreshedAt)}
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
