import { Card, Stack } from '@mantine/core';
import { useReferral } from '../api/referrals';
import { ReferralSection } from './ReferralSection';
import { PageHeader } from '../../../components/ui/PageHeader';

/** /dashboard/referral: the configured rule (from /referral) and the user's code. */
export default function ReferralPage() {
  const referral = useReferral();
  return (
    <Stack gap="md">
      <PageHeader title="Referral" description={referral.data?.message || 'Invite friends with your referral code.'} />
      <Card withBorder radius="lg" padding="lg">
        <ReferralSection />
      </Card>
    </Stack>
  );
}
