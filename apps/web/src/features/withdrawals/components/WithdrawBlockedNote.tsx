import { Anchor, Text } from '@mantine/core';
import { ACCOUNT_MSG, type MeResponse } from '@svp/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useMeAnswer } from '../../../shared/session/me';
import { withdrawalQuoteQueryOptions } from '../api/quote';

const emailVerifiedOf = (me: MeResponse) => me.emailVerified;

/**
 * Under the sidebar's "Withdrawable balance": why no withdrawal can be requested while the e-mail address is
 * unverified. The withdrawal quote says whether the operator's rule applies (WITHDRAWALS_REQUIRE_VERIFIED_EMAIL);
 * it is asked for only while /me says the address is unverified, so a verified user's pages ask for nothing more.
 */
export function WithdrawBlockedNote() {
  const verified = useMeAnswer(emailVerifiedOf);
  const unverified = verified.data === false;
  const quote = useQuery({ ...withdrawalQuoteQueryOptions, enabled: unverified });
  if (!unverified || !quote.data?.reasons.includes(ACCOUNT_MSG.withdrawalsNeedVerifiedEmail)) return null;
  return (
    <Text fz="xs" c="dimmed" fw={600} ta="right" data-testid="withdraw-blocked">
      {ACCOUNT_MSG.withdrawalsBlockedUnverified}{' '}
      <Anchor component={Link} to="/dashboard/settings" fz="xs" underline="always">
        Verify it
      </Anchor>
    </Text>
  );
}
