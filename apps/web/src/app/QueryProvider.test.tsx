import { act, render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { consoleKeys } from '../features/admin/api/console';
import { clearStoredUser, setStoredUser } from '../lib/storedUser';
import { meQueryKey } from '../shared/query-keys';
import { testUser } from '../test/render';
import { AppProviders } from './AppProviders';
import QueryProvider, { createQueryClient } from './QueryProvider';

let fetched = 0;
function Balance() {
  const me = useQuery({ queryKey: meQueryKey, queryFn: async () => `answer ${++fetched}` });
  return <p>{me.data ?? 'loading'}</p>;
}

describe('QueryProvider', () => {
  it("forgets one session's answers when the signed-in user changes, not when the same user's snapshot is refreshed", async () => {
    setStoredUser(testUser);
    const queryClient = createQueryClient();
    queryClient.setQueryData(consoleKeys.users(), ['someone@example.com']); // fetched earlier, no longer on screen
    render(
      <AppProviders env="test">
        <QueryProvider client={queryClient}>
          <Balance />
        </QueryProvider>
      </AppProviders>,
    );
    expect(await screen.findByText('answer 1')).toBeInTheDocument();

    act(() => setStoredUser({ ...testUser, coins: '7.00' }));
    expect(screen.getByText('answer 1')).toBeInTheDocument();
    expect(queryClient.getQueryData(consoleKeys.users())).toEqual(['someone@example.com']);

    act(() => setStoredUser({ ...testUser, id: 'u2', username: 'grace' }));
    expect(queryClient.getQueryData(consoleKeys.users())).toBeUndefined();
    expect(await screen.findByText('answer 2')).toBeInTheDocument(); // what is on screen asks again

    // Signed out: dropped, and not asked again (the ended session would answer 401; the guard leaves the page).
    act(() => clearStoredUser());
    expect(queryClient.getQueryData(meQueryKey)).toBeUndefined();
    await act(() => Promise.resolve());
    expect(fetched).toBe(2);
  });
});
