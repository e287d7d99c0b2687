import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.tmp', 'dist', 'dist-*', 'coverage', 'public/mockServiceWorker.js', 'bench/**/dist', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    // machines/ is pure: no React, HTTP, router or mock code at run time (types are fine).
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', '@xstate/react', 'axios', '@tanstack/*', 'msw', 'msw/*'], message: 'machines/ must stay pure; inject effects with .provide().' },
          { group: ['../src/**', '../../src/**'], allowTypeImports: true, message: 'machines/ may import only types from src/.' },
        ],
      }],
    },
  },
  {
    // The shipped app must not pull the simulated backend in statically: live builds carry no mock code.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/mock/**', 'src/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/mock/**', '../mock', './mock'], message: 'Load the simulated backend only through the dynamic import in main.tsx.' }] }],
    },
  },
  {
    // Playwright fixtures are declared as ({}, use) => …: an empty pattern and a `use` callback that is not React's.
    files: ['tests/e2e/**/*.ts', 'playwright.config.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
