import { Card, Stack, Text, Title } from '@mantine/core';
import { useReferral } from '../api/referrals';
import { ReferralSection } from './ReferralSection';

/** /dashboard/referral: the configured rule (from /referral) and the user's code. */
export default function ReferralPage() {
  const referral = useReferral();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          Referral
        </Title>
        <Text c="dimmed">{referral.data?.message || 'Invite friends with your referral code.'}</Text>
      </div>
      <Card withBorder radius="lg" padding="lg">
        <ReferralSection />
      </Card>
    </Stack>
  );
}
