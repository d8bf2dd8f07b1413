import { render, screen } from '@testing-library/react';
import { MSG } from '@svp/shared';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from './AppProviders';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken(): never {
  throw new Error('chunk failed to load at /assets/secret-path.js');
}

describe('RouteErrorBoundary', () => {
  it('shows a message with a reload and no error details, and the routes again after the next navigation', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <AppProviders env="test">
        <RouteErrorBoundary location="a">
          <Broken />
        </RouteErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: MSG.common.screenFailed })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByText(/secret-path/)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();

    rerender(
      <AppProviders env="test">
        <RouteErrorBoundary location="b">
          <p>Login page</p>
        </RouteErrorBoundary>
      </AppProviders>,
    );
    expect(screen.queryByText(MSG.common.screenFailed)).not.toBeInTheDocument();
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });
});
