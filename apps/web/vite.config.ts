import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mantineCss } from './mantine-css';

// In development the API runs on its own port; in production the server serves dist/ itself.
const apiTarget = process.env.SVP_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // Mantine's styles in two parts instead of the whole @mantine/core/styles.css (DESIGN §7): what the login
    // page needs blocks the first paint; the rest loads with the first lazy screen (src/app/router.tsx).
    // The build fails if a chunk renders a component whose styles are in neither group.
    mantineCss(
      {
        entry: {
          entry: true,
          components: [
            'ActionIcon',
            'Alert',
            'Anchor',
            'Button',
            'Card',
            'Center',
            'CloseButton',
            'Group',
            'Input',
            'Loader',
            'Notification',
            'Paper',
            'Stack',
            'Text',
            'Title',
            'UnstyledButton',
          ],
        },
        screens: {
          components: [
            'Accordion',
            'AppShell',
            'Avatar',
            'Badge',
            'Checkbox',
            'CheckboxCard',
            'CheckboxIndicator',
            'Code',
            'Combobox',
            'Container',
            'Divider',
            'Flex',
            'FloatingIndicator',
            'Grid',
            'InlineInput',
            'List',
            'Menu',
            'Modal',
            'ModalBase',
            'NavLink',
            'NumberInput',
            'Overlay',
            'Popover',
            'ScrollArea',
            'SegmentedControl',
            'SimpleGrid',
            'Skeleton',
            'Table',
            'Tabs',
            'Tooltip',
            'VisuallyHidden',
          ],
        },
      },
      // The toast container loads on its own, possibly before any screen (src/components/ui/LazyNotifications.tsx).
      { alsoBeforeScreens: [/[\\/]@mantine[\\/]notifications[\\/]/] },
    ),
  ],
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
  build: {
    // The manifest lets us measure what the login route downloads (DESIGN §7 budget).
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/zod/')) return;
        warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
