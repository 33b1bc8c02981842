// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeaturesDir = 'apps/web/src/features';
const webModesDir = 'apps/web/src/modes';
/** @param {string} dir */
const subfolders = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};
const webFeatures = subfolders(webFeaturesDir);
const webModes = subfolders(webModesDir);

/**
 * One-way flow (bulletproof-react): shared → lib/components → shipment-list → features → modes → app.
 * A feature never imports another feature; a mode (src/modes/<mode>/) composes the features of one
 * tracking mode and is read by the app through the registry; packages/shared imports neither app.
 */
const boundaryZones = [
  { target: './packages/shared', from: './apps', message: 'packages/shared must not import the apps.' },
  { target: './apps/web', from: './apps/server', message: 'The web app must not import server code.' },
  { target: './apps/server', from: './apps/web', message: 'The server must not import web code.' },
  ...webFeatures.map((feature) => ({
    target: `./${webFeaturesDir}/${feature}`,
    from: `./${webFeaturesDir}`,
    except: [`./${feature}`],
    message:
      'Features never import each other: compose them in src/app, or move the shared piece to lib/ or components/.',
  })),
  {
    target: ['./apps/web/src/lib', './apps/web/src/components'],
    from: [
      './apps/web/src/features',
      './apps/web/src/app',
      './apps/web/src/shipment-list',
      './apps/web/src/modes',
    ],
    message:
      'lib/ and components/ are below the shipment list and features: they must not import them, the modes or the app.',
  },
  {
    target: './apps/web/src/shipment-list',
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/modes'],
    message:
      'The shipment list machinery is below features: a mode hands it columns, filters and rows, it imports no feature, mode or the app.',
  },
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features are below the app: the app composes them.',
  },
  {
    // A feature may read what a mode is (its words, paths, site type) from the registry, never a
    // mode's list or pages: those compose features.
    target: './apps/web/src/features',
    from: './apps/web/src/modes',
    except: ['./registry.ts', './mode-routes.ts', './mode-definition.ts'],
    message:
      'Features read a mode from modes/registry.ts (its routes from modes/mode-routes.ts) only: a mode folder composes features, never the other way round.',
  },
  ...webModes.map((mode) => ({
    // A mode's folder holds its lists, pages, calls and components (src/modes/<mode>/…).
    target: `./${webModesDir}/${mode}`,
    from: `./${webModesDir}`,
    except: [`./${mode}`, './mode-definition.ts'],
    message:
      'A mode never imports another mode (nor the registry that names them all): share through shipment-list/, lib/ or components/.',
  })),
  {
    target: './apps/server/src/lib',
    from: ['./apps/server/src/modules', './apps/server/src/plugins'],
    message: 'lib/ is below plugins and modules.',
  },
  // The server's layers, bottom up: db (tables) → tenancy (the Tenant, its resolution, the scoped
  // query helper: ADR 0040) → plugins (the request pipeline) → modules (features). Each layer imports
  // only those below it, so tenancy never reaches into a feature and a feature can be moved or
  // removed without touching the pipeline.
  {
    target: './apps/server/src/db',
    from: ['./apps/server/src/tenancy', './apps/server/src/modules', './apps/server/src/plugins'],
    message: 'db/ holds the tables: it imports no layer above it.',
  },
  {
    target: './apps/server/src/tenancy',
    from: ['./apps/server/src/modules', './apps/server/src/plugins'],
    message: 'tenancy/ is below plugins and modules: they import it, never the other way round.',
  },
  {
    // The access plugin resolves two principals that a feature owns (a share's recipient, a
    // carrier's callback); it reaches them through these entry points only.
    target: './apps/server/src/plugins',
    from: './apps/server/src/modules',
    except: ['./sharing/share-access.ts', './ocean-shipments/carrier-connections/carrier-callback-access.ts'],
    message:
      'Plugins import features only through their declared entry points (sharing/share-access.ts, ocean-shipments/carrier-connections/carrier-callback-access.ts); the Tenant lives in tenancy/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.data/**',
      '.tmp/**',
      'coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    // Without a resolver that knows extensionless .ts imports, no-restricted-paths silently skips them.
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // Fastify handlers and plugins are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings from config.ts.',
        },
      ],
    },
  },
  {
    // Tests drive the app through untyped JSON bodies; exhaustively typing each would only add noise.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The places that legitimately read the environment: the config loader and test/tooling entry points.
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/main.ts',
      '**/test/**/*.ts',
      '**/bench/**/*.ts',
      'e2e/**/*.ts',
      '**/*.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Specs drive pages through the suite's own test() (waits for hydration, fails on a mismatch).
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Take test and expect from '../support/test'.",
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'browser', property: 'newContext', message: "Use newUserContext from '../support/test'." },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  prettier,
);
