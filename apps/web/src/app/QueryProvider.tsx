import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { subscribeStoredIdentity } from '../lib/storedUser';
import { storedUserId } from '../lib/useStoredUser';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: 1 },
      // A money mutation is never retried by the client: the user decides after seeing the outcome.
      mutations: { retry: false },
    },
  });
}

// One cache for the whole page: every screen's provider (router.tsx wraps each lazy screen) shares it.
let appClient: QueryClient | undefined;

/**
 * The server-data cache of every screen but the login page (DESIGN §7: the login page's first bundle carries no
 * query library; it signs in with a plain request). Loaded with the first screen that needs it (QueryArea.tsx).
 */
export default function QueryProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const queryClient = client ?? (appClient ??= createQueryClient());
  // Whatever was fetched for one session (snapshot, history, tickets, admin data) goes when the signed-in
  // identity changes by any path: logout, a 401, a login as someone else, another tab. Signed out, it is
  // cancelled and dropped: asked again it would only come back 401 while the guard leaves the page. Signed in as
  // someone, it is reset rather than removed, so a screen still showing refetches as the new session.
  useEffect(
    () =>
      subscribeStoredIdentity(storedUserId, () => {
        if (storedUserId() !== null) return void queryClient.resetQueries();
        void queryClient.cancelQueries();
        queryClient.removeQueries();
      }),
    [queryClient],
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
