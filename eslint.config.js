import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    ignores: ['apps/server/src/treasury/keys.ts', 'apps/server/src/treasury/bsc-chain.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/treasury/keys', '**/treasury/keys.js', '**/treasury/bsc-chain', '**/treasury/bsc-chain.js'],
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
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
