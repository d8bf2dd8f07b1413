import { msg } from '@lingui/core/macro';
import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { i18n } from '../shared/language/i18n';

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 keeps white button text at 5:1 contrast in both schemes (WCAG AA).
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Modals, menus and collapses skip their animations for people who asked for less motion.
  respectReducedMotion: true,
  components: {
    // A plain object, not Modal.extend(): importing Modal here would put it in the login bundle.
    Modal: {
      // A function: Mantine calls it at each render, so the name follows the language picked (DESIGN D19).
      defaultProps: () => ({ closeButtonProps: { 'aria-label': i18n._(msg`Close dialog`) } }),
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // A spinner named with aria-label must have a role that takes a name (axe aria-prohibited-attr on a bare span):
    // every loader is a live status, the same way FullPageLoader's box is.
    Loader: { defaultProps: { role: 'status' } },
    // Toasts: the icon-only close button needs a name (axe button-name); Mantine's grey text under a title
    // is below 4.5:1 in both schemes, the dimmed colour below is not.
    Notification: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': i18n._(msg`Close notification`) } }),
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/**
 * Mantine's default dimmed, error and light-variant text colours fall below WCAG AA contrast (3.3:1 for dimmed
 * text on white); these keep every text at 4.5:1 or more on its background in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // With primary shade 9, Mantine hovers one shade lighter (teal 8: 3.9:1 under white text); go darker instead.
    '--mantine-color-teal-filled-hover': '#06684a',
    '--mantine-color-dimmed': '#626970',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light-color': '#06684a',
    // Status colours (pending, paid, warnings) on their light backgrounds.
    '--mantine-color-yellow-light-color': '#7a5600',
    '--mantine-color-green-light-color': '#1f6b30',
    '--mantine-color-red-light-color': '#a51d1d',
    '--mantine-color-blue-light-color': '#1864ab',
  },
  dark: {
    '--mantine-color-teal-filled-hover': '#06684a',
    '--mantine-color-dimmed': '#a0a0a0',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
