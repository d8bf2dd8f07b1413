import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { ADJUSTABLE_ACCOUNTS, parseAdjustmentAmount, type AdjustableAccount } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/ui/SectionCard';
import { errorMessage } from '../../../lib/errors';
import { useAdjustBalance } from '../api/console';
import { OutcomeAlert, type Outcome } from '../../../components/ui/OutcomeAlert';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';

const ACCOUNT_LABELS: Record<AdjustableAccount, MessageDescriptor> = {
  'usd.balance': msg`Balance (USD)`,
  'usd.earnings': msg`Earnings (USD)`,
  'usd.fund': msg`Fund balance (USD)`,
  'coin.coins': msg`Coins`,
  'svp.wallet': msg`SVP token wallet`,
};

/** A credit or debit with a mandatory reason: a ledger transaction the user sees in History (DESIGN D13). */
export function BalanceAdjustForm({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const adjust = useAdjustBalance(userId);
  const [account, setAccount] = useState<AdjustableAccount>('usd.balance');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [alert, setAlert] = useState<Outcome | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = amount.trim();
    // The text is sent as typed once it parses exactly as the server will parse it: nothing is reinterpreted.
    const parsed = parseAdjustmentAmount(account, value);
    if (parsed === null || parsed <= 0n) return setAlert({ ok: false, text: MSG.admin.adjustInvalid });
    if (!reason.trim()) return setAlert({ ok: false, text: MSG.admin.adjustReasonRequired });
    setAlert(null);
    adjust.mutate(
      { account, direction, amount: value, reason: reason.trim() },
      {
        onSuccess: (res) => {
          setAmount('');
          setReason('');
          setAlert({ ok: true, text: res.message ? localizeText(res.message) : MSG.admin.adjusted });
        },
        onError: (err) =>
          setAlert({ ok: false, text: errorMessage(err, { http: MSG.admin.updateError, network: MSG.login.network }) }),
      },
    );
  }

  return (
    <SectionCard title={t`Balance adjustment`} titleGap={0}>
      <Text c="dimmed" fz="sm" mb="sm">
        <Trans>
          Credits or debits one account of this user. The reason is recorded and shown in the user&apos;s History.
        </Trans>
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <OutcomeAlert outcome={alert} />
          <Group align="flex-end" gap="sm">
            <Select
              label={t`Account`}
              data={ADJUSTABLE_ACCOUNTS.map((value) => ({ value, label: i18n._(ACCOUNT_LABELS[value]) }))}
              value={account}
              onChange={(value) => value && setAccount(value as AdjustableAccount)}
              allowDeselect={false}
              style={{ flex: '1 1 180px' }}
            />
            <SegmentedControl
              aria-label={t`Direction`}
              data={[
                { value: 'credit', label: t`Credit` },
                { value: 'debit', label: t`Debit` },
              ]}
              value={direction}
              onChange={(v) => setDirection(v as 'credit' | 'debit')}
            />
            <TextInput
              label={t`Amount`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              style={{ flex: '1 1 120px' }}
            />
          </Group>
          <Textarea
            label={t`Reason`}
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <SubmitButton pending={adjust.isPending} style={{ alignSelf: 'start' }}>
            <Trans>Apply adjustment</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </SectionCard>
  );
}
