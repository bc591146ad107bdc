// ESLint for the site's code: JavaScript's and TypeScript's recommended rules (typescript-eslint), the
// React hooks rules, and Docusaurus's recommended rules for the React code. `npm run lint` passes the
// folders and files to lint on its command line (src, scripts, tests, simulator and the root configs),
// so nothing here needs an ignore list.
import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    languageOptions: {globals: {...globals.node}},
    rules: {
      // `_name` marks a value kept on purpose (a destructured member left out, an unused callback argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // React: the components, pages and swizzles, and the hooks of src/lib.
    files: ['src/**/*.{ts,tsx}'],
    plugins: {'@docusaurus': docusaurus},
    languageOptions: {globals: {...globals.browser}},
    rules: docusaurus.configs.recommended.rules,
  },
  reactHooks.configs.flat.recommended,
  {
    // Playwright code: the callbacks given to page.evaluate and waitForFunction run in the page.
    files: ['tests/**', 'scripts/**'],
    languageOptions: {globals: {...globals.browser}},
  },
  {
    // Plain Node.js scripts and the CommonJS webpack loader.
    files: ['**/*.{js,cjs}'],
    languageOptions: {sourceType: 'commonjs'},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    // The service worker's code (@docusaurus/plugin-pwa's swCustom): an ES module run in a service worker.
    files: ['src/plugins/offline-reading/sw.js'],
    languageOptions: {sourceType: 'module', globals: {...globals.serviceworker}},
  },
);
