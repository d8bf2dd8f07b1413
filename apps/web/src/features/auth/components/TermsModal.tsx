import { Anchor, Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import KeyFacts from '../../../components/ui/KeyFacts';

interface TermsModalProps {
  opened: boolean;
  onClose: () => void;
  onAgree: () => void;
}

/** SPEC §2: Close leaves the box as it was; only Agree ticks it. The full text is /terms.html. */
export function TermsModal({ opened, onClose, onAgree }: TermsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Terms and Conditions" size="lg" centered radius="lg">
      <Stack gap="sm">
        <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
          <Stack gap="sm" fz="sm">
            <Text fz="sm">
              By creating an account you confirm that you are at least 18 years old and legally able to enter into a
              contract, and you agree to the following terms.
            </Text>
            <KeyFacts headingLevel={3} />
            <List spacing={6} fz="sm">
              <List.Item>
                <b>Your account.</b> Keep your password private. You are responsible for activity on your account. Your
                withdrawal wallet can only be changed through support.
              </List.Item>
              <List.Item>
                <b>Investments.</b> Plans run for a fixed term. Money in an active plan is locked until the plan
                matures, unless you break the investment early, which pays back 40% of the invested amount minus fees.
              </List.Item>
              <List.Item>
                <b>Fees.</b> Each top-up carries a $3 fee. Each withdrawal carries fees of $2.60 ($1 handling, $1
                network, $0.60 charity).
              </List.Item>
              <List.Item>
                <b>Withdrawals.</b> Paid to the wallet on file within 48 hours to 3 days, not on Sundays. Large
                withdrawals may need extra verification.
              </List.Item>
              <List.Item>
                <b>Referral bonus.</b> Paid once per referred person, as described on the sign-up page, and only for
                genuine referrals.
              </List.Item>
              <List.Item>
                <b>Risk.</b> Returns are not guaranteed and you can lose the capital you invest. Only invest money you
                can afford to lose.
              </List.Item>
            </List>
            <Text fz="sm">
              Read the full{' '}
              <Anchor href="/terms.html" target="_blank" rel="noopener" underline="always">
                Terms &amp; Conditions
              </Anchor>{' '}
              and{' '}
              <Anchor href="/policy.html" target="_blank" rel="noopener" underline="always">
                Privacy Policy
              </Anchor>
              .
            </Text>
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onAgree}>Agree</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
