import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { legalPage } from '../../../shared/language/i18n';
import KeyFacts from '../../../components/ui/KeyFacts';

interface TermsModalProps {
  opened: boolean;
  onClose: () => void;
  onAgree: () => void;
}

/** SPEC §2: Close leaves the box as it was; only Agree ticks it. The full text is /terms.html. */
export function TermsModal({ opened, onClose, onAgree }: TermsModalProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Terms and Conditions`} size="lg" centered radius="lg">
      <Stack gap="sm">
        <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
          <Stack gap="sm" fz="sm">
            <Text fz="sm">
              <Trans>
                By creating an account you confirm that you are at least 18 years old and legally able to enter into a
                contract, and you agree to the following terms.
              </Trans>
            </Text>
            <KeyFacts headingLevel={3} />
            <List spacing={6} fz="sm">
              <List.Item>
                <Trans>
                  <b>Your account.</b> Keep your password private. You are responsible for activity on your account.
                  Your withdrawal wallet can only be changed through support.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  <b>Investments.</b> Plans run for a fixed term. Money in an active plan is locked until the plan
                  matures, unless you break the investment early, which pays back 40% of the invested amount minus fees.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  <b>Fees.</b> Each top-up carries a $3 fee. Each withdrawal carries fees of $2.60 ($1 handling, $1
                  network, $0.60 charity).
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  <b>Withdrawals.</b> Paid to the wallet on file within 48 hours to 3 days, not on Sundays. Large
                  withdrawals may need extra verification.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  <b>Referral bonus.</b> Paid once per referred person, as described on the sign-up page, and only for
                  genuine referrals.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  <b>Risk.</b> Returns are not guaranteed and you can lose the capital you invest. Only invest money you
                  can afford to lose.
                </Trans>
              </List.Item>
            </List>
            <Text fz="sm">
              <Trans>
                Read the full{' '}
                <Anchor href={legalPage('terms')} target="_blank" rel="noopener" underline="always">
                  Terms &amp; Conditions
                </Anchor>{' '}
                and{' '}
                <Anchor href={legalPage('policy')} target="_blank" rel="noopener" underline="always">
                  Privacy Policy
                </Anchor>
                .
              </Trans>
            </Text>
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button onClick={onAgree}>
            <Trans>Agree</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
