import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { mantineCss } from './mantine-css';

/**
 * Writes the build into dist/sw.js (copied from public/): its version, a hash of the build's manifest, so every
 * deploy that changes a file is a new service worker (and the update prompt shows), and the shell it caches on
 * install, the entry's script, its static imports and its styles, from the same manifest bundle-size.mjs reads.
 */
function serviceWorkerBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'svp-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    // After the files are written: public/ was copied before, and the manifest is in the bundle.
    writeBundle(_options, bundle) {
      const asset = bundle['.vite/manifest.json'];
      if (asset?.type !== 'asset') throw new Error('the build wrote no manifest (build.manifest)');
      const manifestText = String(asset.source);
      const manifest = JSON.parse(manifestText) as Record<
        string,
        { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
      >;
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const css of chunk.css ?? []) files.add(css);
        for (const dep of chunk.imports ?? []) visit(dep);
      };
      for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
      const sw = path.join(outDir, 'sw.js');
      const source = readFileSync(sw, 'utf8');
      // The offline page and its words are cached by the worker too: a change to them alone is a new version as well.
      const offline = ['offline.html', 'offline.js'].map((file) => readFileSync(path.join(outDir, file), 'utf8'));
      const version = createHash('sha256').update(manifestText).update(source).update(offline.join('\n')).digest('hex');
      const shell = [...files].map((file) => `, ${JSON.stringify('/' + file)}`).join('');
      if (!source.includes('__SVP_BUILD__') || !source.includes('/* __SVP_SHELL__ */'))
        throw new Error('public/sw.js lost its build markers');
      writeFileSync(sw, source.replace('__SVP_BUILD__', version.slice(0, 16)).replace('/* __SVP_SHELL__ */', shell));
    },
  };
}

// In development the API runs on its own port; in production the server serves dist/ itself.
const apiTarget = process.env.SVP_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // Lingui's macros keep each text's English words in the build (stripMessageField: false): English needs no
    // catalog of its own, so the login page loads none (src/shared/language). Other languages' catalogs
    // (src/locales/<language>/messages.po) are compiled by lingui() and loaded only when picked.
    react({ babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]] } }),
    lingui(),
    serviceWorkerBuild(),
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
    // A form test types into every field as a person does (user-event, key by key): the sign-up form's take 3-5 s
    // alone on a 2-core machine, so vitest's 5 s default failed them whenever anything else ran beside them.
    testTimeout: 20_000,
  },
});
