import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UPDATE_PROMPT_MSG, UpdatePrompt } from './UpdatePrompt';

describe('UpdatePrompt', () => {
  it('offers the new version: Reload switches to it', async () => {
    const onReload = vi.fn();
    render(<UpdatePrompt onReload={onReload} />);
    expect(screen.getByRole('status')).toHaveTextContent(UPDATE_PROMPT_MSG.text);
    await userEvent.click(screen.getByRole('button', { name: UPDATE_PROMPT_MSG.reload }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('Later hides the offer without switching', async () => {
    const onReload = vi.fn();
    render(<UpdatePrompt onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: UPDATE_PROMPT_MSG.later }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(onReload).not.toHaveBeenCalled();
  });
});
