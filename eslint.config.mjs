// eslint's configuration for the project's JavaScript (./dev test runs it; ./dev setup installs
// eslint from package.json). What each file is:
//  * tutor/**/*.mjs: the page's custom components and the pure modules they share (browser ES
//    modules; tutor/views/esm.py puts a component's imports in place for Panel);
//  * palace_tutor/site/link_peek.mjs: a browser module run as a classic script (page.py);
//  * palace_tutor/site/sw.js: the service worker; snapshot.js: a script shared by the build
//    (Node), the site's worker and the service worker; sw_client.js: a page script;
//  * the other .mjs files and tests/js: Node.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/', '.cache/', '.venv/', 'site/', '_site*/', 'build/', 'test-results/'] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }],
      'prefer-const': 'error',
      'no-var': 'error',
      eqeqeq: ['error', 'smart'],
      'no-shadow': 'error',
      'no-implicit-globals': 'error',
      'no-new-func': 'error',
      'no-throw-literal': 'error',
      'no-self-compare': 'error',
      'no-unmodified-loop-condition': 'error',
      'no-unreachable-loop': 'error',
      'no-use-before-define': ['error', { functions: false, classes: true, variables: false }],
      'no-template-curly-in-string': 'error',
      'array-callback-return': 'error',
    },
  },
  {
    files: ['tutor/**/*.mjs', 'palace_tutor/site/link_peek.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    // the build fills in the __NAMES__ (build.py _service_worker); a service worker's
    // global scope is its own, so its functions are declared there
    files: ['palace_tutor/site/sw.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { ...globals.serviceworker, __PRECACHE__: 'readonly', __SNAPSHOT_PARTS__: 'readonly',
                 __SNAPSHOT_LAST__: 'readonly', __SNAPSHOT_HELPERS__: 'readonly' },
    },
    rules: { 'no-implicit-globals': 'off' },
  },
  {
    files: ['palace_tutor/site/snapshot.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, ...globals.worker, ...globals.node } },
  },
  {
    files: ['palace_tutor/site/sw_client.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['palace_tutor/site/make_snapshot.mjs', 'palace_tutor/site/probe_imports.mjs',
            'palace_tutor/site/run_pyodide.mjs', 'palace_tutor/site/prerender.mjs', 'bench/**/*.mjs',
            'tests/**/*.mjs', 'eslint.config.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
];
