import { useLingui } from '@lingui/react/macro';
import { Card, Stack } from '@mantine/core';
import { useReferral } from '../api/referrals';
import { ReferralSection } from './ReferralSection';
import { PageHeader } from '../../../components/ui/PageHeader';
import { localizeText } from '../../../shared/language/i18n';

/** /dashboard/referral: the configured rule (from /referral) and the user's code. */
export default function ReferralPage() {
  const { t } = useLingui();
  const referral = useReferral();
  // The configured rule, in the server's English words (a shared text when it is one).
  const message = referral.data?.message;
  return (
    <Stack gap="md">
      <PageHeader
        title={t`Referral`}
        description={message ? localizeText(message) : t`Invite friends with your referral code.`}
      />
      <Card withBorder radius="lg" padding="lg">
        <ReferralSection />
      </Card>
    </Stack>
  );
}
