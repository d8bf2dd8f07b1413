import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchForUpdates } from './register';
import { UPDATE_PROMPT_MSG } from './UpdatePrompt';

/** A service worker container as the browser gives it, with or without a worker controlling the page. */
function container(controlled: boolean) {
  const value = { controller: controlled ? {} : null, addEventListener: vi.fn() };
  Object.defineProperty(navigator, 'serviceWorker', { value, configurable: true });
  return value;
}

const worker = () => ({ state: 'installed', postMessage: vi.fn(), addEventListener: vi.fn() });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  document.body.innerHTML = '';
});

describe('watchForUpdates', () => {
  it('offers a waiting new version, and Reload tells it to take over', async () => {
    const sw = container(true);
    const waiting = worker();
    watchForUpdates({ waiting, addEventListener: vi.fn() } as unknown as ServiceWorkerRegistration);
    await userEvent.click(await screen.findByRole('button', { name: UPDATE_PROMPT_MSG.reload }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    // The page reloads once the new version controls it.
    expect(sw.addEventListener).toHaveBeenCalledWith('controllerchange', expect.any(Function));
  });

  /** A new worker found and installed: the registration's events as the browser fires them. */
  async function installNewWorker() {
    let found: (() => void) | undefined;
    const installing = worker();
    const registration = {
      waiting: null,
      installing,
      addEventListener: (_: string, listener: () => void) => (found = listener),
    };
    watchForUpdates(registration as unknown as ServiceWorkerRegistration);
    found!();
    const [, changed] = installing.addEventListener.mock.calls[0] as [string, () => void];
    changed();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  it('offers a version installed while another controls the page', async () => {
    container(true);
    await installNewWorker();
    expect(await screen.findByTestId('update-prompt')).toBeInTheDocument();
  });

  it('says nothing on the first install, when no version controlled the page yet', async () => {
    container(false);
    await installNewWorker();
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });
});
