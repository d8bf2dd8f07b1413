import { useSyncExternalStore } from 'react';

/**
 * Whether the tab's live stream (features/notifications/live/stream.ts) is connected. Screens that poll read it:
 * polling is only the fallback while the stream is down (DESIGN D17).
 */
let up = false;
const watchers = new Set<() => void>();

export const liveStreamUp = () => up;

export function setLiveStreamUp(next: boolean) {
  if (up === next) return;
  up = next;
  for (const watch of watchers) watch();
}

export function useLiveStreamUp(): boolean {
  return useSyncExternalStore(
    (watch) => {
      watchers.add(watch);
      return () => watchers.delete(watch);
    },
    liveStreamUp,
    () => false,
  );
}
