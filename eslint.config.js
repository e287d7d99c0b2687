import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import playwright from 'eslint-plugin-playwright';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import skipReason from './scripts/eslint-skip-reason.js';

const MOCK_IMPORTS = {
  group: ['**/mock/**', '../mock', './mock'],
  message: 'Load the simulated backend only through the dynamic import in main.tsx.',
};
const DEV_TOOLS_IMPORTS = {
  group: ['**/dev-tools', '**/dev-tools/**'],
  allowTypeImports: true,
  message:
    'Load the dev inspector only through loadDevInspector() (src/shared/dev-inspector.ts): a live build must not contain it.',
};
// The chart layout library of the inspector's panel (src/dev-tools/chart-layout.ts): only the panel's chunk loads it.
const DEV_TOOLS_LIBRARIES = {
  group: ['@dagrejs/*'],
  message:
    'The chart layout library belongs to the dev inspector (src/dev-tools/chart-layout.ts): a live build must not contain it.',
};

// Functions the tests call that assert (each throws when what it checks does not hold); `expect-expect` counts them
// as assertions. Kept here, one list per runner, so a new helper is named once.
const VITEST_ASSERTIONS = [
  'expect',
  'expect*', // expectHonest, expectAllFaultsTried, …: helpers that call expect
  'assert',
  'fc.assert', // a fast-check property: throws with the shrunk counterexample
  'holds', // the property tests' wrapper of fc.assert (tests/properties/*.test.ts)
  'check*', // checkSearchReadsTodaysPrice, …: shared checks that call expect (tests/mock/todays-price.ts)
  'runPlanItem*', // a model replay: asserts the state after every step and the journey's `then:` (tests/support/model.ts)
];
const PLAYWRIGHT_ASSERTIONS = [
  'tapCardThenBack', // tests/e2e/first-tap.spec.ts: expects the detail, then 新品 again
  'confirmAutoLogin', // tests/e2e/session.spec.ts: expects the question, the URL and the account
  'act', // the timing sweep's actions (tests/e2e/windows/actions.ts): each expects its outcome
];

/**
 * The order of the features (docs/architecture.md, "Layout"; decision 0021): a feature imports only features
 * of an earlier row, so two features can never import each other, directly or round a longer loop. A new
 * feature gets a row before it may import any other.
 */
const FEATURE_LAYERS = [
  ['wishlist', 'cart'], // 愿望单 and 购物车: their buttons, pages and header counts, which buying, session and the shell show
  ['shell'], // the frame: layouts, header, head, history
  ['buying'], // pay gating, dialogs, orders
  ['catalog', 'marketing'], // pages that sell: they start purchases
  ['session'], // the personal centre lists buying's orders and marketing's coupons
  ['demo'], // the /demo console drives the simulated backend and the popup's clock
];
const KNOWN_FEATURES = FEATURE_LAYERS.flat();
const anyOf = (names) => (names.length === 1 ? names[0] : `{${names.join(',')}}`);
const featureOrder = FEATURE_LAYERS.flatMap((row, index) =>
  row.map((feature) => {
    const allowed = [feature, ...FEATURE_LAYERS.slice(0, index).flat()];
    return {
      from: { element: { type: 'feature', captured: { feature } } },
      disallow: { to: { element: { type: 'feature', captured: { feature: `!${anyOf(allowed)}` } } } },
      message: `Features import each other one way only (FEATURE_LAYERS in eslint.config.js): ${feature} may import ${allowed.filter((f) => f !== feature).join(', ') || 'no other feature'}. Compose the two in src/app, or move the shared piece to src/shared.`,
    };
  }),
);

export default tseslint.config(
  {
    ignores: [
      '.tmp',
      'dist',
      'dist-*',
      'coverage',
      'public/mockServiceWorker.js',
      'bench/**/dist',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Mock mode's service worker (public/mock-api-worker.js); msw's beside it is ignored above.
    files: ['public/*.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The layout (docs/architecture.md, "Layout"): features meet only at each other's index.ts; shared code
    // and the API contract know no feature and no composition root; machines/ take only types from src/.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'src/shared' },
        { type: 'api', pattern: 'src/api' },
        { type: 'mock', pattern: 'src/mock' },
        { type: 'devTools', pattern: 'src/dev-tools' },
        { type: 'machines', pattern: 'machines' },
      ],
      'boundaries/include': ['src/**/*', 'machines/**/*'],
      // Relative imports are written without extensions (TypeScript's bundler resolution).
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                    fileInternalPath: '!index.ts',
                  },
                },
              },
              message: 'A feature imports another feature only through its index.ts.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'app' } } },
              message:
                'Features do not import the composition root (src/app); take what you need from src/shared or an index.ts.',
            },
            {
              from: { element: { type: 'feature', captured: { feature: `!${anyOf(KNOWN_FEATURES)}` } } },
              disallow: {
                to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
              },
              message:
                'A new feature gets a row in FEATURE_LAYERS (eslint.config.js) before it imports another feature.',
            },
            ...featureOrder,
            {
              from: { element: { types: ['shared', 'api'] } },
              disallow: { to: { element: { types: ['feature', 'app'] } } },
              message: 'src/shared and src/api import no feature and not the composition root.',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { type: 'machines' } }, dependency: { kind: 'value' } },
              message: 'src/shared takes only types from machines/.',
            },
            {
              // The layers run one way: src/shared may use the API layer, so the API layer uses nothing of src/shared
              // but the build's settings (env.ts) and the store's clock (beijing-time.ts), which import nothing.
              from: { element: { type: 'api' } },
              disallow: { to: { element: { types: ['machines', 'mock', 'devTools'] } } },
              message: 'src/api imports no machine, not even a type: the contract stands on its own.',
            },
            {
              from: { element: { type: 'api' } },
              disallow: { to: { element: { type: 'shared', fileInternalPath: '!{env,beijing-time}.ts' } } },
              message: 'src/api imports only env.ts and beijing-time.ts of src/shared (which imports src/api).',
            },
            {
              from: { element: { type: 'devTools' } },
              disallow: { to: { element: { types: ['feature', 'app', 'mock'] } } },
              message:
                'src/dev-tools (the dev inspector) reads the running system through its inspect hook: it imports no feature, no composition root and no simulated backend.',
            },
            {
              from: { element: { type: 'machines' } },
              disallow: {
                to: { element: { types: ['app', 'feature', 'shared', 'api', 'mock'] } },
                dependency: { kind: 'value' },
              },
              message: 'machines/ import only types from src/.',
            },
          ],
        },
      ],
    },
  },
  {
    // machines/ is pure: no React, HTTP, router or mock code at run time (types are fine).
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', '@xstate/react', 'axios', '@tanstack/*', 'msw', 'msw/*'],
              message: 'machines/ must stay pure; inject effects with .provide().',
            },
            {
              group: ['../src/**', '../../src/**'],
              allowTypeImports: true,
              message: 'machines/ may import only types from src/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shipped app must not pull the simulated backend in statically: live builds carry no mock code.
    // Nor the dev inspector: it is loaded only by src/shared/dev-inspector.ts's dynamic import.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/mock/**', 'src/app/main.tsx', 'src/dev-tools/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [MOCK_IMPORTS, DEV_TOOLS_IMPORTS, DEV_TOOLS_LIBRARIES] }],
    },
  },
  {
    files: ['src/dev-tools/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MOCK_IMPORTS, DEV_TOOLS_IMPORTS] }] },
  },
  {
    files: ['src/app/main.tsx', 'src/mock/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEV_TOOLS_IMPORTS, DEV_TOOLS_LIBRARIES] }] },
  },
  {
    // Playwright fixtures are declared as ({}, use) => …: an empty pattern and a `use` callback that is not React's.
    files: ['tests/e2e/**/*.ts', 'playwright.config.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Tests that test (docs/testing.md, "Lint for tests"): every test asserts, none is focused, and a disabled
    // one says why (scripts/eslint-skip-reason.js: a reason argument, or a comment right before it).
    files: ['tests/**/*.{ts,tsx}'],
    ignores: ['tests/e2e/**'],
    plugins: { vitest, tests: skipReason },
    rules: {
      // The project's own assertion helpers: each throws (or calls expect) when what it checks does not hold.
      'vitest/expect-expect': ['error', { assertFunctionNames: VITEST_ASSERTIONS }],
      'vitest/no-focused-tests': 'error',
      'vitest/no-identical-title': 'error',
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      'tests/skip-reason': 'error',
    },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    plugins: { playwright, tests: skipReason },
    rules: {
      'playwright/expect-expect': [
        'error',
        { assertFunctionNames: PLAYWRIGHT_ASSERTIONS, assertFunctionPatterns: ['^expect'] },
      ],
      'playwright/no-focused-test': 'error',
      'playwright/missing-playwright-await': 'error',
      'playwright/valid-expect': 'error',
      'tests/skip-reason': 'error',
    },
  },
);
