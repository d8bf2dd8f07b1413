import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '@svp/shared';
import { useLogout } from '../api/session';

/** SPEC §2 "Confirm Logout" dialog, shared by the dashboard and the admin console. */
export function LogoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const logout = useLogout();
  return (
    <Modal opened={opened} onClose={onClose} title={MSG.logout.title} centered radius="lg">
      <Text mb="lg">{MSG.logout.question}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={logout.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={() => logout.mutate()} loading={logout.isPending}>
          Logout
        </Button>
      </Group>
    </Modal>
  );
}
