import { API_PREFIX, OPERATOR_API } from '@svp/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, localizeText, subscribeLanguage } from '../../../shared/language/i18n';

const POLL_MS = 30_000;

/** What the banner needs of GET /maintenance; read by hand, so the first page's bundle carries no schema library. */
interface BannerState {
  active: boolean;
  message: string;
}

async function readState(): Promise<BannerState | null> {
  try {
    const res = await fetch(`${API_PREFIX}${OPERATOR_API.maintenance}`, { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { active?: unknown; message?: unknown };
    if (typeof body.active !== 'boolean' || typeof body.message !== 'string') return null;
    return { active: body.active, message: body.message };
  } catch {
    return null;
  }
}

/**
 * The platform-wide notice while maintenance mode is on (DESIGN D18), on every page for users and admins alike:
 * the public GET /maintenance, polled every 30 s. Needs no provider (its own root, see mountMaintenanceBanner).
 */
export function MaintenanceBanner({ pollMs = POLL_MS }: { pollMs?: number }) {
  const [state, setState] = useState<BannerState | null>(null);
  // Its own root has no language provider: it follows the picked language itself, to show the server's message in it.
  useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  useEffect(() => {
    let live = true;
    const poll = () => void readState().then((next) => live && next && setState(next));
    poll();
    const timer = setInterval(poll, pollMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [pollMs]);
  if (!state?.active) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 1000,
        padding: '10px 16px',
        background: '#fff3bf',
        color: '#3d2e00',
        borderTop: '1px solid #f5c518',
        textAlign: 'center',
        fontSize: 14,
      }}
    >
      {localizeText(state.message)}
    </div>
  );
}

/** Renders the banner in a root of its own beside the app's, so no screen's layout has to carry it. */
export function mountMaintenanceBanner(): void {
  const host = document.createElement('div');
  host.id = 'maintenance-banner-root';
  document.body.appendChild(host);
  createRoot(host).render(<MaintenanceBanner />);
}
