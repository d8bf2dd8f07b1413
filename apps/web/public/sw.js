/*
 * SVP Invest's service worker, hand-written. The build writes the version and the shell's files in place of the
 * two markers below (vite.config.ts, serviceWorkerBuild); a new version is a new byte sequence, so the browser
 * installs it, and it waits until the page's update prompt says to take over (src/pwa/register.ts).
 *
 * What it caches: the app's shell (the entry's script and styles), the hashed assets once fetched (they never
 * change under their name), the icons, the manifest and the offline page. What it never touches: the API (every
 * answer there is a user's money or session), health checks and metrics, anything not a GET, other origins.
 * Page navigations go to the network first, so a deploy shows at once; the offline page only when it fails.
 */
const BUILD = '__SVP_BUILD__';
const OFFLINE_PAGE = '/offline.html';
const SHELL = [
  OFFLINE_PAGE,
  // The offline page's words in the reader's language (its inline script would break the CSP).
  '/offline.js',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png' /* __SVP_SHELL__ */,
];
const CACHE = `svp-${BUILD}`;
/** First path segments (any letter case) whose answers are never cached nor answered from a cache. */
const NEVER_CACHED = new Set(['api', 'healthz', 'readyz', 'metrics']);

const neverCached = (url) => NEVER_CACHED.has((url.pathname.split('/')[1] ?? '').toLowerCase());

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('svp-') && key !== CACHE) await caches.delete(key);
      // The first visit's page is controlled at once, without a reload.
      await self.clients.claim();
    })(),
  );
});

// The update prompt's "Reload": the waiting version takes over, and the page reloads on controllerchange.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Not answered here at all: the browser fetches it as if there were no service worker.
  if (url.origin !== self.location.origin || neverCached(url)) return;
  if (request.mode === 'navigate') event.respondWith(navigation(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (SHELL.includes(url.pathname)) event.respondWith(networkFirst(request));
});

/** A page: always the network's (index.html is never cached), the offline page when the network fails. */
async function navigation(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

/** A hashed asset: from the cache, else fetched and kept. */
async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.status === 200 && response.type === 'basic') {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** An icon, the manifest or the offline page: the network's when it answers, the cached copy when not. */
async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(request)) ?? Response.error();
  }
}
