import { createTheme, type CSSVariablesResolver } from '@mantine/core';

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
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
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
    '--mantine-color-dimmed': '#626970',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light-color': '#06684a',
  },
  dark: {
    '--mantine-color-dimmed': '#a0a0a0',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
