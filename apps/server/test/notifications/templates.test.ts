import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { renderMail, renderNotification } from '../../src/modules/notifications/templates.js';

const HASH = '0x' + 'ab'.repeat(32);
const paid = { payout: '37400000', wallet: '0x' + 'cd'.repeat(20), txHash: HASH };
const explorer = (chainId: string) =>
  loadConfig({ NODE_ENV: 'test', CHAIN: 'bsc', BSC_RPC_URL: 'http://127.0.0.1:1', BSC_CHAIN_ID: chainId }).explorerUrl;

describe('notification templates', () => {
  it('links a paid withdrawal to BscScan, mainnet or testnet by the configured chain', () => {
    expect(renderNotification('withdrawal.paid', paid, { brand: 'B', explorerUrl: explorer('56') }, 'en').link).toBe(
      `https://bscscan.com/tx/${HASH}`,
    );
    expect(renderNotification('withdrawal.paid', paid, { brand: 'B', explorerUrl: explorer('97') }, 'en').link).toBe(
      `https://testnet.bscscan.com/tx/${HASH}`,
    );
    expect(renderNotification('withdrawal.paid', paid, { brand: 'B', explorerUrl: null }, 'en').link).toBeNull();
  });

  it('writes the e-mail in plain text and HTML with the same words, escaping what users typed', () => {
    const ctx = { brand: 'Acme <Yield>', explorerUrl: 'https://bscscan.com' };
    const mail = renderMail('withdrawal.paid', paid, { username: 'ann', language: 'en' }, ctx);
    expect(mail.subject).toBe('Acme <Yield>: Withdrawal paid');
    expect(mail.text).toContain('Your withdrawal of $37.40 was sent to');
    expect(mail.text).toContain(`View the transaction: https://bscscan.com/tx/${HASH}`);
    expect(mail.html).toContain('Acme &lt;Yield&gt;');
    expect(mail.html).toContain(`href="https://bscscan.com/tx/${HASH}"`);
    const ticket = renderMail(
      'ticket.answered',
      { subject: '<script>x</script>' },
      { username: 'ann', language: 'en' },
      ctx,
    );
    expect(ticket.html).not.toContain('<script>');
    expect(ticket.html).toContain('&lt;script&gt;');
  });
});
