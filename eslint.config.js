import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/**
 * Server modules by layer, lowest first: a module may import only modules of a lower layer (arrows point down),
 * so an upward or sideways import fails lint, with no exceptions. What a lower module needs of a higher one is an
 * interface the lower one declares (auth's SignInHooks, treasury's TreasuryChain) or a constant in
 * packages/shared, and app.ts wires the two together. Every folder of apps/server/src/modules must be listed.
 */
const SERVER_MODULE_LAYERS = [
  ['ledger', 'audit', 'mail', 'history', 'system'],
  ['notifications'],
  ['engagement', 'deposits', 'staking', 'events'],
  ['users'],
  ['tickets', 'referrals'],
  ['plans', 'auth'],
  ['withdrawals', 'admin', 'treasury', 'account'],
  ['operator'],
];
const SERVER_MODULES = './apps/server/src/modules';
const serverModules = readdirSync(new URL(SERVER_MODULES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => name);
const layered = SERVER_MODULE_LAYERS.flat();
// A module outside the layers would be free to import anything: lint refuses to run until it is placed.
const unplaced = serverModules.filter((name) => !layered.includes(name));
const stale = layered.filter((name) => !serverModules.includes(name));
if (unplaced.length || stale.length || new Set(layered).size !== layered.length) {
  throw new Error(
    `eslint.config.js SERVER_MODULE_LAYERS must list each folder of ${SERVER_MODULES} once` +
      (unplaced.length ? `; not placed: ${unplaced.join(', ')}` : '') +
      (stale.length ? `; no such folder: ${stale.join(', ')}` : ''),
  );
}
// A module alone at the top has nothing above or beside it to refuse, and the rule takes no empty zone.
const moduleZones = SERVER_MODULE_LAYERS.flatMap((layer, i) =>
  layer.map((name) => ({
    target: `${SERVER_MODULES}/${name}`,
    from: SERVER_MODULE_LAYERS.slice(i)
      .flat()
      .filter((other) => other !== name)
      .map((other) => `${SERVER_MODULES}/${other}`),
    message: 'Server modules import only modules of a lower layer (eslint.config.js SERVER_MODULE_LAYERS).',
  })),
).filter((zone) => zone.from.length > 0);

/**
 * Web features (apps/web/src/features/<domain>, named after the server's modules) import no other feature. What
 * several of them need lives in apps/web/src/shared (the /me query and its key, the public config, the query
 * keys one feature refreshes for another, the logout dialog), and a screen made of several features is composed
 * in apps/web/src/app (app/dashboard: the user's shell, home and settings; app/routes: the route tables, the admin
 * console's sections). The exceptions, each a screen its feature owns that shows one part of another feature,
 * with why:
 */
const WEB_FEATURE_EXCEPTIONS = [
  { feature: 'admin', imports: 'two-factor/components/TwoFactorAdminReset.tsx', why: 'the user screen resets 2FA' },
];
const WEB_FEATURES = './apps/web/src/features';
const webFeatureZones = readdirSync(new URL(WEB_FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${WEB_FEATURES}/${name}`,
    from: WEB_FEATURES,
    except: [`./${name}`, ...WEB_FEATURE_EXCEPTIONS.filter((e) => e.feature === name).map((e) => `./${e.imports}`)],
    message:
      'A web feature imports no other feature: share through src/shared, compose in src/app (exceptions: WEB_FEATURE_EXCEPTIONS in eslint.config.js).',
  }));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/meta/**',
      'apps/web/public/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='describe'][callee.property.name='only']", message: 'No .only' },
        { selector: "CallExpression[callee.object.name='it'][callee.property.name='only']", message: 'No .only' },
        { selector: "CallExpression[callee.object.name='test'][callee.property.name='only']", message: 'No .only' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests' },
      ],
    },
  },
  {
    // Keys never load in the web server (DESIGN D16): only scripts/ may import the key and signing code.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/treasury-runner/keys.ts', 'apps/server/src/treasury-runner/bsc-chain.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/treasury-runner/keys',
                '**/treasury-runner/keys.js',
                '**/treasury-runner/bsc-chain',
                '**/treasury-runner/bsc-chain.js',
              ],
              message: 'Key and signing code is for the treasury CLI (apps/server/scripts) only.',
            },
            {
              group: ['./keys', './keys.js', './bsc-chain', './bsc-chain.js'],
              message: 'Key and signing code is for the treasury CLI (apps/server/scripts) only.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles anywhere: a cycle means two files that cannot be understood (or loaded) apart.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Arrows point down: the cross-cutting layers never import a module, and modules import only lower layers.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './apps/server/src/http',
                './apps/server/src/db',
                './apps/server/src/chain',
                './apps/server/src/treasury-runner',
              ],
              from: './apps/server/src/modules',
              message: 'http/, db/, chain/ and treasury-runner/ sit below the modules: inject what they need (app.ts).',
            },
            {
              // chain/simulated.ts implements treasury-runner/types.ts's TreasuryChain; app.ts hands it to the dev runner.
              target: './apps/server/src/treasury-runner',
              from: './apps/server/src/chain',
              message:
                'treasury-runner/ sits below chain/: it declares what it needs of a chain (treasury-runner/types.ts).',
            },
            ...moduleZones,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Web layers: app/ composes features; a feature imports only itself (WEB_FEATURE_EXCEPTIONS aside), shared/,
    // lib/ and components/; those three import no feature and nothing of app/.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: [
            ...webFeatureZones,
            {
              target: ['./apps/web/src/shared', './apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'src/shared, src/lib and src/components sit below the features and app/: they import neither.',
            },
          ],
        },
      ],
    },
  },
);
