import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileEnglish } from './english';

// Lingui's own compiler is the reference: ours must give the same form for every kind of text the macros write.
const samples = [
  'Withdraw',
  'Hello {name}',
  'Your plan matures in {days} days.',
  "The plan's amount is {0} and it's yours",
  '{count, plural, one {# day} other {# days}}',
  '{count, plural, =0 {No sessions} one {# other session} other {# other sessions}} ended',
  '{kind, select, fund {fund balance} other {balance}}',
  'Read the <0>terms</0> and <1>policy</1> before {when}.',
  "Quote: '{'literal'}' and ''",
];

describe('compileEnglish', () => {
  it.each(samples)('compiles %s as Lingui does', (message) => {
    expect(compileEnglish(message)).toEqual(compileMessage(message));
  });
});
