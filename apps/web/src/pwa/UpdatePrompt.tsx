import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The prompt's words: its only copy, in the language shown when read. The prompt renders outside the app's
 * providers (no useLingui), so it reads the global i18n, already set to the reader's language.
 */
export const UPDATE_PROMPT_MSG = {
  get text() {
    return t`A new version of SVP Invest is available.`;
  },
  get reload() {
    return t`Reload`;
  },
  get later() {
    return t`Later`;
  },
};

/**
 * Offers the new version (src/pwa/register.ts): "Reload" switches to it now, "Later" hides the offer until the
 * next page load. Its own root and plain styles, like the maintenance banner, so it needs none of the app's
 * providers and shows on every page, signed in or not.
 */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const button = { padding: '6px 14px', borderRadius: 6, fontSize: 14, cursor: 'pointer' } as const;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      style={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        zIndex: 1001,
        margin: '0 auto',
        maxWidth: 440,
        display: 'flex',
        gap: 12,
        alignItems: 'center',
        flexWrap: 'wrap',
        padding: '12px 16px',
        borderRadius: 10,
        background: '#0b7285',
        color: '#fff',
        boxShadow: '0 4px 16px rgba(0, 0, 0, 0.25)',
        fontSize: 14,
      }}
    >
      <span style={{ flex: 1 }}>{UPDATE_PROMPT_MSG.text}</span>
      <button type="button" onClick={onReload} style={{ ...button, border: 0, background: '#fff', color: '#0b7285' }}>
        {UPDATE_PROMPT_MSG.reload}
      </button>
      <button
        type="button"
        onClick={() => setOpen(false)}
        style={{ ...button, border: '1px solid #fff', background: 'transparent', color: '#fff' }}
      >
        {UPDATE_PROMPT_MSG.later}
      </button>
    </div>
  );
}

const HOST_ID = 'svp-update-prompt';

/** Shows the prompt once per page load, in a root of its own at the end of the body. */
export function showUpdatePrompt(onReload: () => void): void {
  if (document.getElementById(HOST_ID)) return;
  const host = document.createElement('div');
  host.id = HOST_ID;
  document.body.appendChild(host);
  createRoot(host).render(<UpdatePrompt onReload={onReload} />);
}
