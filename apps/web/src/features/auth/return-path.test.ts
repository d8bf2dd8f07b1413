import { describe, expect, it } from 'vitest';
import { loginReturn, safeReturnPath, sessionEndedLogin } from './return-path';

describe('the way back after a session ended', () => {
  it('keeps a path inside the area, with its query and hash', () => {
    expect(safeReturnPath('/dashboard/topup', '/dashboard')).toBe('/dashboard/topup');
    expect(safeReturnPath('/dashboard/history?kind=deposit#x', '/dashboard')).toBe('/dashboard/history?kind=deposit#x');
    expect(safeReturnPath('/dashadmin/users', '/dashadmin')).toBe('/dashadmin/users');
  });

  it('refuses anything that could leave the site or the area', () => {
    for (const next of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/dashboard',
      'javascript:alert(1)',
      '/dashboardx',
      '/dashadmin/users',
      '/dashboard/../dashadmin',
      ' /dashboard',
      '',
      null,
    ])
      expect(safeReturnPath(next, '/dashboard'), String(next)).toBeNull();
  });

  it("names the user's or the admin's login page, and the login page falls back to the area", () => {
    expect(sessionEndedLogin({ pathname: '/dashboard/topup', search: '', hash: '' })).toBe(
      '/?session=ended&next=%2Fdashboard%2Ftopup',
    );
    expect(sessionEndedLogin({ pathname: '/dashadmin/users', search: '', hash: '' })).toBe(
      '/admin?session=ended&next=%2Fdashadmin%2Fusers',
    );
    expect(loginReturn('?session=ended&next=%2Fdashboard%2Ftopup', '/dashboard')).toEqual({
      ended: true,
      to: '/dashboard/topup',
    });
    expect(loginReturn('?next=%2F%2Fevil.example', '/dashboard')).toEqual({ ended: false, to: '/dashboard' });
  });
});
