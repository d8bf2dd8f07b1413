import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { amountPrecisionError, API, formatSvp, formatUsd, MSG, parseAmount, tokensForUsd } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useStakingAction, type StakingAction, type StakingSummary } from '../api/staking';
import { localizeText } from '../../../shared/language/i18n';

/** What a form reports to the page: the server's message (in the reader's language), and whether it was a success. */
export type OnResult = (message: string, ok: boolean) => void;

// errorMessage shows these fallbacks in the reader's language: MSG's English words are how it finds them.
const failure = (error: unknown) => errorMessage(error, { http: MSG.staking.failed, network: MSG.staking.error });

/**
 * Runs one staking action; the message (success or error) goes to the page's alert and popup, and is shown on the
 * card that acted too (`result`): the page's alert is at the top, out of view of a card further down.
 */
function useRun(onResult: OnResult) {
  const action = useStakingAction();
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const report: OnResult = (text, ok) => {
    setResult({ text, ok });
    onResult(text, ok);
  };
  const run = (request: StakingAction, onSuccess?: () => void) =>
    action.mutate(request, {
      onSuccess: (done) => {
        report(localizeText(done.message), true);
        onSuccess?.();
      },
      onError: (error) => report(failure(error), false),
    });
  return { run, pending: action.isPending, result, report, clear: () => setResult(null) };
}

/** The outcome beside the button that acted (the page's alert says it to a screen reader already). */
function ActionResult({ result }: { result: { text: string; ok: boolean } | null }) {
  if (!result) return null;
  return (
    <Text
      fz="sm"
      fw={600}
      c={result.ok ? 'var(--mantine-color-teal-text)' : 'var(--mantine-color-error)'}
      data-testid="staking-action-result"
    >
      {result.text}
    </Text>
  );
}

interface CardProps {
  /** The card's stable name, for its test ids (the title is translated). */
  name: string;
  title: string;
  text: string;
  label: string;
  button: string;
  /** What the amount is counted in: dollars (at most 2 decimals) or whole SVP tokens. */
  asset: 'USD' | 'SVP';
  onResult: OnResult;
  toAction: (value: string) => StakingAction;
  hint?: (value: string) => string | null;
  children?: React.ReactNode;
}

function AmountCard({ name, title, text, label, button, asset, onResult, toAction, hint, children }: CardProps) {
  const [value, setValue] = useState('');
  const { run, pending, result, report, clear } = useRun(onResult);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // "1.005" is refused with the rule it breaks, not the generic "Invalid amount to convert.".
    const precision = amountPrecisionError(value, asset);
    if (precision) return report(localizeText(precision), false);
    run(toAction(value.trim()), () => setValue(''));
  };
  const note = hint?.(value) ?? null;
  return (
    <Card withBorder radius="lg" padding="lg" component="form" onSubmit={onSubmit} aria-label={title}>
      {/* The input and button sit at the card's foot, so cards in one row line up. */}
      <Stack gap="xs" flex={1}>
        <Title order={2} fz="h5">
          {title}
        </Title>
        <Text fz="sm" c="dimmed">
          {text}
        </Text>
        {children}
        <Stack gap="xs" mt="auto">
          <TextInput
            label={label}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              clear();
            }}
            inputMode="decimal"
          />
          {note && (
            <Text fz="sm" fw={600} data-testid={`${name}-hint`}>
              {note}
            </Text>
          )}
          <Button type="submit" loading={pending}>
            {button}
          </Button>
          <ActionResult result={result} />
        </Stack>
      </Stack>
    </Card>
  );
}

function ConvertCard({ onResult }: { onResult: OnResult }) {
  const { t } = useLingui();
  const [direction, setDirection] = useState<'toFund' | 'toBalance'>('toFund');
  return (
    <AmountCard
      name="convert"
      title={t`Convert`}
      text={
        direction === 'toFund'
          ? t`Move USD from your balance to your fund balance.`
          : t`Move USD from your fund balance back to your balance.`
      }
      label={t`Amount (USD)`}
      button={t`Convert`}
      asset="USD"
      onResult={onResult}
      toAction={(amount) => ({ path: API.stakingConvert, body: { direction, amount } })}
    >
      <SegmentedControl
        aria-label={t`Direction`}
        value={direction}
        onChange={(v) => setDirection(v as 'toFund' | 'toBalance')}
        data={[
          { value: 'toFund', label: t`Balance → Fund` },
          { value: 'toBalance', label: t`Fund → Balance` },
        ]}
      />
    </AmountCard>
  );
}

/** Tokens bought for a typed USD amount, at 100,000 SVP per USD (SPEC §9). */
export function tokensHint(amount: string): string | null {
  const usd = parseAmount(amount, 'USD', 2);
  if (usd === null || usd <= 0n) return null;
  const tokens = formatSvp(tokensForUsd(usd));
  return t`You get ${tokens}`;
}

export function StakingForms({ summary, onResult }: { summary: StakingSummary; onResult: OnResult }) {
  const { t } = useLingui();
  const withdraw = useRun(onResult);
  const earned = formatUsd(summary.earned);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <ConvertCard onResult={onResult} />
      <AmountCard
        name="buy-svp"
        title={t`Buy SVP`}
        text={t`Buy SVP tokens with your fund balance: 100,000 SVP per $1 (minimum $1).`}
        label={t`Amount to spend (USD)`}
        button={t`Buy SVP`}
        asset="USD"
        onResult={onResult}
        hint={tokensHint}
        toAction={(amount) => ({ path: API.stakingBuy, body: { amount } })}
      />
      <AmountCard
        name="sell-svp"
        title={t`Sell SVP`}
        text={t`Sell SVP tokens from your wallet back into your fund balance.`}
        label={t`Tokens to sell`}
        button={t`Sell SVP`}
        asset="SVP"
        onResult={onResult}
        toAction={(tokens) => ({ path: API.stakingSell, body: { tokens } })}
      />
      <AmountCard
        name="stake"
        title={t`Stake Tokens`}
        text={t`Lock SVP tokens for 60 days to earn the staking APY. One active stake at a time.`}
        label={t`Tokens to stake`}
        button={t`Stake`}
        asset="SVP"
        onResult={onResult}
        toAction={(tokens) => ({ path: API.stakingStake, body: { tokens } })}
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs" flex={1}>
          <Title order={2} fz="h5">
            <Trans>Withdraw Earned</Trans>
          </Title>
          <Text fz="sm" c="dimmed">
            <Trans>Move your staking earnings ({earned}) into your balance.</Trans>
          </Text>
          <Button
            onClick={() => withdraw.run({ path: API.stakingWithdrawEarned, body: {} })}
            loading={withdraw.pending}
            variant="light"
            mt="auto"
          >
            <Trans>Withdraw Earned</Trans>
          </Button>
          <ActionResult result={withdraw.result} />
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

/** SPEC §2 transfer form: recipient username and amount; the inputs reset on success. */
export function TransferForm({ onResult }: { onResult: OnResult }) {
  const { t } = useLingui();
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  const { run, pending, result, report } = useRun(onResult);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const precision = amountPrecisionError(amount, 'USD');
    if (precision) return report(localizeText(precision), false);
    run({ path: API.stakingTransfer, body: { recipient: recipient.trim(), amount: amount.trim() } }, () => {
      setRecipient('');
      setAmount('');
    });
  };
  return (
    <Card withBorder radius="lg" padding="lg" component="form" onSubmit={onSubmit} aria-label={t`Transfer`}>
      <Title order={2} fz="h4" mb="xs">
        <Trans>Transfer fund balance</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
        <TextInput
          label={t`Recipient username`}
          value={recipient}
          onChange={(e) => setRecipient(e.currentTarget.value)}
        />
        <TextInput
          label={t`Amount to transfer (USD)`}
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          inputMode="decimal"
        />
        <Button type="submit" loading={pending}>
          <Trans>Transfer</Trans>
        </Button>
      </SimpleGrid>
      <ActionResult result={result} />
    </Card>
  );
}
