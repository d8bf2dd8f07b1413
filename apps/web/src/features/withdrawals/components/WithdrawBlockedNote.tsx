import { Trans } from '@lingui/react/macro';
import { Anchor, Text } from '@mantine/core';
import { ACCOUNT_MSG, type MeResponse } from '@svp/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useMeAnswer } from '../../../shared/session/me';
import { withdrawalQuoteQueryOptions } from '../api/quote';
import { useSharedTexts } from '../../../shared/language/useMsg';

const emailVerifiedOf = (me: MeResponse) => me.emailVerified;

/**
 * Under the sidebar's "Withdrawable balance": why no withdrawal can be requested while the e-mail address is
 * unverified. The withdrawal quote says whether the operator's rule applies (WITHDRAWALS_REQUIRE_VERIFIED_EMAIL);
 * it is asked for only while /me says the address is unverified, so a verified user's pages ask for nothing more.
 */
export function WithdrawBlockedNote() {
  const accountMsg = useSharedTexts('ACCOUNT_MSG', ACCOUNT_MSG);
  const verified = useMeAnswer(emailVerifiedOf);
  const unverified = verified.data === false;
  const quote = useQuery({ ...withdrawalQuoteQueryOptions, enabled: unverified });
  // The server's reasons are its English words: matched against the English text, whatever the language shown.
  if (!unverified || !quote.data?.reasons.includes(ACCOUNT_MSG.withdrawalsNeedVerifiedEmail)) return null;
  return (
    <Text fz="xs" c="dimmed" fw={600} ta="right" data-testid="withdraw-blocked">
      {accountMsg.withdrawalsBlockedUnverified}{' '}
      <Anchor component={Link} to="/dashboard/settings" fz="xs" underline="always">
        <Trans>Verify it</Trans>
      </Anchor>
    </Text>
  );
}
