import { API } from '@svp/shared';
import { describe, expect, it } from 'vitest';
import { setStoredUser } from '../lib/storedUser';
import { testUser } from '../test/render';
import { openingArea } from './opening-area';

describe('openingArea', () => {
  it("names the dashboard's whole first screen for a stored user: /me (which carries the home's boxes) and /config", () => {
    setStoredUser(testUser);
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/topup']) {
      expect(openingArea(path)).toEqual({ role: 'user', requests: [API.me, API.config] });
    }
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
