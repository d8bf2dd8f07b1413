import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('TRUST_PROXY with a /0 range', () => {
  it('is refused when the configuration loads, naming the variable, before anything starts', () => {
    for (const value of ['0.0.0.0/0', '10.0.0.0/0', '::/0', '1.2.3.4/00', 'loopback, 0.0.0.0/0']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: .*\/0 range.*every hop/);
    }
    // The narrowest real ranges still load.
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 1.2.3.4/1, ::1/128' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '1.2.3.4/1',
      '::1/128',
    ]);
  });
});
