import { API } from '@svp/shared';
import { describe, expect, it } from 'vitest';
import { setStoredUser } from '../lib/storedUser';
import { testUser } from '../test/render';
import { openingArea } from './opening-area';

describe('openingArea', () => {
  it("names the dashboard's first requests for a stored user, the home adding the bot and coin boxes", () => {
    setStoredUser(testUser);
    expect(openingArea('/dashboard')).toEqual({
      role: 'user',
      requests: [API.me, API.config, API.bot, API.rewards],
    });
    expect(openingArea('/dashboard/')).toEqual({
      role: 'user',
      requests: [API.me, API.config, API.bot, API.rewards],
    });
    expect(openingArea('/dashboard/topup')).toEqual({ role: 'user', requests: [API.me, API.config] });
  });

  it('asks for nothing where the route guard will send the visitor away, or outside the guarded areas', () => {
    expect(openingArea('/dashboard')).toBeNull(); // nobody stored
    setStoredUser(testUser);
    expect(openingArea('/dashadmin')).toBeNull(); // a user in the admin console
    expect(openingArea('/')).toBeNull();
    expect(openingArea('/dashboardx')).toBeNull();
    setStoredUser({ ...testUser, role: 'admin' });
    expect(openingArea('/dashadmin/users')).toEqual({ role: 'admin', requests: [API.me] });
  });
});
