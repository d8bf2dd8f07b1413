import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { LazyNotifications } from '../components/ui/LazyNotifications';
import { subscribeStoredIdentity } from '../lib/storedUser';
import { storedUserId } from '../lib/useStoredUser';
import { cssVariablesResolver, theme } from './theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: 1 },
      // A money mutation is never retried by the client: the user decides after seeing the outcome.
      mutations: { retry: false },
    },
  });
}

/** Everything but the router, so component tests can wrap a screen in a MemoryRouter instead. */
export function AppProviders({
  children,
  queryClient,
  env,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  env?: 'default' | 'test';
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Whatever was fetched for one session (snapshot, history, tickets, admin data) goes when the signed-in
  // identity changes by any path: logout, a 401, a login as someone else, another tab. Signed out, it is
  // cancelled and dropped: asked again it would only come back 401 while the guard leaves the page. Signed in as
  // someone, it is reset rather than removed, so a screen still showing refetches as the new session.
  useEffect(
    () =>
      subscribeStoredIdentity(storedUserId, () => {
        if (storedUserId() !== null) return void client.resetQueries();
        void client.cancelQueries();
        client.removeQueries();
      }),
    [client],
  );
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" env={env}>
        {/* At the foot, clear of the header's controls (and, on a phone, above the tab bar: styles.css). */}
        <LazyNotifications position="bottom-right" />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
