/**
 * Registers the service worker (public/sw.js) once the page has rendered, in production builds only (the
 * development server serves public/sw.js without its build), and offers a reload when a new version of the app
 * has been deployed and is waiting. The prompt's code loads only then: this module is all a page load costs.
 */

/** How often an open tab asks whether a new version was deployed (a navigation asks as well). */
const CHECK_EVERY_MS = 60 * 60_000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').then(
    (registration) => {
      watchForUpdates(registration);
      setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
    // An app without its service worker still works, online: nothing to tell the user.
    () => undefined,
  );
}

/** A worker that installed while another controls the page is a new version: the prompt offers to switch. */
export function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const offer = (worker: ServiceWorker) => {
    if (!navigator.serviceWorker.controller) return;
    void import('./UpdatePrompt').then((prompt) => prompt.showUpdatePrompt(() => activate(worker)));
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => worker.state === 'installed' && offer(worker));
  });
}

/** The waiting version takes over, then the page reloads once, on the new version's files. */
function activate(worker: ServiceWorker): void {
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
