import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Text } from '@mantine/core';
import { formatBnb, formatUsdt } from '@svp/shared';
import { HashText } from '../../../components/ui/HashText';
import { SectionCard } from '../../../components/ui/SectionCard';
import { explorerAddressUrl } from '../../../lib/explorer';
import { formatDateTime } from '../../../lib/text';
import { useMsg } from '../../../shared/language/useMsg';
import type { TreasuryReport } from '../api/treasury';
import { FigureRow, Figures } from '../../../components/ui/Figures';

function Address({ report, address }: { report: TreasuryReport; address: string }) {
  const { t } = useLingui();
  return <HashText hash={address} href={explorerAddressUrl(report.explorerUrl, address)} copyLabel={t`Copy address`} />;
}

/** What the chain holds: the treasury, deposits not swept into it yet, and the gas that pays for sweeps. */
export function HoldingsCard({ report }: { report: TreasuryReport }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const chain = report.onChain;
  // Named values, so the catalog reads {unswept}, not {0}.
  const unswept = chain?.unsweptAddresses ?? 0;
  const sweeps = chain?.sweepsCovered ?? null;
  const refreshedAt = formatDateTime(chain?.refreshedAt);
  return (
    <SectionCard title={t`On chain`} size="h4" compact data-testid="treasury-holdings">
      {chain === null ? (
        <Alert color="gray" variant="light" role="status">
          {MSG.treasury.notRefreshed}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Figures label={t`On-chain holdings`}>
            <FigureRow
              label={t`Treasury`}
              hint={
                report.treasuryAddress ? (
                  <Address report={report} address={report.treasuryAddress} />
                ) : (
                  t`No treasury address configured.`
                )
              }
              value={formatUsdt(chain.treasuryUsdt)}
            />
            <FigureRow
              label={t`+ Not swept yet`}
              hint={t`On ${plural(unswept, { one: '# deposit address', other: '# deposit addresses' })}`}
              value={formatUsdt(chain.unsweptUsdt)}
            />
            <FigureRow label={t`Held on chain`} value={formatUsdt(chain.total)} strong />
            <FigureRow
              label={t`Gas wallet`}
              hint={
                <>
                  {report.gasWalletAddress ? (
                    <Address report={report} address={report.gasWalletAddress} />
                  ) : (
                    t`No gas wallet configured.`
                  )}
                  <div>
                    {sweeps === null
                      ? t`This chain charges no gas.`
                      : t`Pays for about ${plural(sweeps, { one: '# more sweep', other: '# more sweeps' })}.`}
                  </div>
                </>
              }
              value={formatBnb(chain.gasBnb)}
            />
          </Figures>
          <Text fz="xs" c="dimmed">
            <Trans>Last read from the chain: {refreshedAt}</Trans>
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
