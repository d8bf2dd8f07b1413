import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notifications } from '@mantine/notifications';

// CI hosts can be slow and busy (two cores shared with PostgreSQL): findBy*/waitFor wait up to 5 s
// for what the page will show, instead of the library's 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine reads; these stand-ins report "no match" and "no size".
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// jsdom has no canvas, so lightweight-charts cannot draw here (its animation frames throw after a
// test ends). Component tests check the data around the charts; the e2e suite sees them drawn.
vi.mock('lightweight-charts', () => {
  const series = () => ({ setData: vi.fn(), applyOptions: vi.fn() });
  return {
    ColorType: { Solid: 'solid' },
    CandlestickSeries: 'Candlestick',
    LineSeries: 'Line',
    AreaSeries: 'Area',
    createChart: vi.fn(() => ({
      addSeries: vi.fn(series),
      applyOptions: vi.fn(),
      timeScale: () => ({ fitContent: vi.fn() }),
      remove: vi.fn(),
    })),
  };
});

afterEach(() => {
  cleanup();
  // Mantine's toast store is global: a toast shown in one test must not appear in the next one's page.
  notifications.clean();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// Every test starts in English, the spec's own words; a test of another language activates it itself.
import { activateEnglishNow } from '../shared/language/i18n';
activateEnglishNow();
afterEach(() => activateEnglishNow());
