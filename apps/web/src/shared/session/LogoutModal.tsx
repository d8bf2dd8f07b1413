import { Trans } from '@lingui/react/macro';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useMsg } from '../language/useMsg';
import { useLogout } from './logout';

interface LogoutAction {
  mutate: () => void;
  isPending: boolean;
}

/** SPEC §2 "Confirm Logout" dialog around any logout action (the dashboard's, the admin console's). */
export function ConfirmLogoutModal(props: { opened: boolean; onClose: () => void; logout: LogoutAction }) {
  const { opened, onClose, logout } = props;
  const MSG = useMsg();
  return (
    <Modal opened={opened} onClose={onClose} title={MSG.logout.title} centered radius="lg">
      <Text mb="lg">{MSG.logout.question}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={logout.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="red" onClick={() => logout.mutate()} loading={logout.isPending}>
          <Trans>Logout</Trans>
        </Button>
      </Group>
    </Modal>
  );
}

/** The dashboard's logout: ends on the user login (/). */
export function LogoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const logout = useLogout();
  return <ConfirmLogoutModal opened={opened} onClose={onClose} logout={logout} />;
}
