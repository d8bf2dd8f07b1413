import 'virtual:mantine-core/entry.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadArea } from './app/router';
import { openingArea } from './app/opening-area';
import { prefetchGet } from './lib/api';
import { followAccountLanguage } from './shared/language/chooseLanguage';
import { activateEnglishNow, activateLanguage, initialLanguage } from './shared/language/i18n';

// A page load that opens on the dashboard (or the admin console) starts downloading that area's code, then
// sends the area's first API requests, before the first render asks for either: the loading state lasts as
// little as the network allows. The code goes first, being the larger part; the answers wait for it (prefetchGet).
const area = openingArea(window.location.pathname);
if (area) {
  preloadArea(area.role);
  for (const path of area.requests) prefetchGet(path);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// English renders at once; another language's catalogs (one small chunk each) arrive first, so no text flashes in
// English. The account's language, once signed in, takes over from the device's (shared/language).
const language = initialLanguage();
if (language === 'en') {
  activateEnglishNow();
  render();
} else {
  void activateLanguage(language).catch(activateEnglishNow).finally(render);
}
followAccountLanguage();

// Maintenance mode's notice (DESIGN D18) on every page, users' and admins', outside the app's own tree. Loaded after
// the first render: the login page's first bundle stays within its budget (DESIGN §7).
void import('./features/operator/components/MaintenanceBanner').then((banner) => banner.mountMaintenanceBanner());

// Installable app: the service worker and its update prompt (src/pwa), after the first render like the banner.
void import('./pwa/register').then((pwa) => pwa.registerServiceWorker());
