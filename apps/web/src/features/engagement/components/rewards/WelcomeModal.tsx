import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, List, Modal, Text } from '@mantine/core';
import { loadErrorText } from '../../../../lib/errors';
import { usePublicConfig } from '../../../../shared/public-config';
import { useClaimWelcome } from '../../api/rewards';
import { showDone } from '../done-notice';

interface WelcomeModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2 welcome modal: open the Telegram bot, do the task, come back and click "I've Done It". */
export function WelcomeModal({ opened, onClose }: WelcomeModalProps) {
  const { t } = useLingui();
  const config = usePublicConfig();
  const claim = useClaimWelcome();
  const telegram = config.data?.links.telegramTask;

  function onDone() {
    // The claim settles once /me has answered again, so the coin box already shows the coins when this closes.
    claim.mutate(undefined, {
      onSuccess: showDone(onClose),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t`Claim your welcome coins`} centered>
      <Text mb="sm">
        <Trans>Earn 20,000 SVP Coins in three steps:</Trans>
      </Text>
      <List type="ordered" spacing="xs" mb="md">
        <List.Item>
          {telegram ? (
            <Trans>
              Open our{' '}
              <Anchor href={telegram} target="_blank" rel="noopener noreferrer">
                Telegram bot
              </Anchor>
              .
            </Trans>
          ) : (
            <Trans>Open our Telegram bot.</Trans>
          )}
        </List.Item>
        <List.Item>
          <Trans>Complete the task it gives you.</Trans>
        </List.Item>
        <List.Item>
          <Trans>Come back here and click &quot;I&apos;ve Done It&quot;.</Trans>
        </List.Item>
      </List>
      {claim.isError && (
        <Alert color="red" role="alert" mb="md">
          {loadErrorText(claim.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={onDone} loading={claim.isPending}>
          <Trans>I&apos;ve Done It</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
