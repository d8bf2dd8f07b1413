import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { ComingSoonCard } from '../../../components/ui/ComingSoonCard';
import { useDashboardUser } from './user-context';

/** Sub-pages that arrive with later releases: the title and what the page will do, never sample data. */
export const COMING_SOON: Record<string, { title: string; text: string }> = {
  reports: { title: 'Reports', text: 'Reports on your plans, earnings and withdrawals arrive with a later release.' },
  messages: {
    title: 'Messages',
    text: 'Support tickets arrive with a later release. Until then, use the help links on your dashboard.',
  },
  topup: {
    title: 'Top Up',
    text: 'Topping up with USDT on the BEP-20 network arrives with a later release. A $3 fee applies to each top-up.',
  },
  withdraw: {
    title: 'Withdraw',
    text: 'Withdrawals to your wallet on file arrive with a later release. Fees are $2.60 per withdrawal.',
  },
  plan: {
    title: 'Investment Plans',
    text: 'Choosing a plan (Standard, Silver, Gold, Platinum) arrives with a later release.',
  },
  referral: { title: 'Referral', text: 'Generating or customising your referral code arrives with a later release.' },
  dailytask: { title: 'Daily Task', text: 'Tap-to-earn coins arrive with a later release.' },
  stakingroom: { title: 'Staking Room', text: 'Buying, selling and staking SVP tokens arrives with a later release.' },
};

export function ComingSoonPage({ section }: { section: keyof typeof COMING_SOON }) {
  const page = COMING_SOON[section]!;
  return <ComingSoonCard title={page.title}>{page.text}</ComingSoonCard>;
}

/** SPEC §2 History: one line per entry, straight from the user record. */
export function HistoryPage() {
  const user = useDashboardUser();
  const lines = user.history
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={1} fz="h3" mb="md">
        History
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed">No activity yet.</Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Activity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => (
              <Table.Tr key={i}>
                <Table.Td>{line}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function SettingsPage() {
  const user = useDashboardUser();
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Title order={1} fz="h3" mb="md">
          Settings
        </Title>
        <Stack gap="sm">
          <Field label="Username" value={user.username || 'Not set'} />
          <Field label="Email" value={user.email} />
          <Field label="Wallet address" value={user.wallet || 'Not set'} />
          <Field label="Referral code" value={user.referralCode ?? 'Not generated yet'} />
        </Stack>
        <Text c="dimmed" fz="sm" mt="md">
          To change your wallet address, contact support: it cannot be changed from the dashboard.
        </Text>
      </Card>
      <ComingSoonCard title="Edit username and referral code">
        Editing your username and generating a referral code arrive with a later release.
      </ComingSoonCard>
    </Stack>
  );
}
