// Lint: the recommended rules of ESLint, typescript-eslint and eslint-plugin-vue, plus the rule
// that the folder says where code may run (docs/architecture.md), checked on every import.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports a folder's code may not make, with the reason a reader gets in the message. */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
// Every built-in module by its bare name too (`util`, `events`, `fs/promises`), not only a few.
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `${name}/*`]);
const NODE = [['node:*', ...NODE_BUILTINS, 'better-sqlite3'], 'Node modules run only in src-main.'];
const ELECTRON = [['electron', 'electron/*'], 'Only src-main/app/ imports electron (the headless server and the tests load the rest without it).'];
const MAIN = [['**/src-main/**'], 'The main process is reached over the contract, not imported.'];
const RENDERER = [['**/src-renderer/**', 'vue', 'pinia', 'naive-ui'], 'Shared code runs on every side: no UI.'];
const OTHER_PROGRAM = [['**/src-renderer/**'], 'The renderer is a separate program.'];
const NODE_TESTS = [ELECTRON[0], 'The Node tests load this: electron is imported only by the glue in src-main/app/*.ts.'];

/** The floors of src-main, lowest first: a folder imports from the floors below its own, never beside or above. */
const FLOORS = [['db'], ['service'], ['rest', 'ipc'], ['host', 'remote'], ['app', 'cli', 'browser-host']];
const FLOOR_PLAN = FLOORS.map((floor) => floor.join(', ')).join(' → ');
/** The folders `folder` may not import: the others of its floor and every folder above. */
function floor(folder) {
  const level = FLOORS.findIndex((folders) => folders.includes(folder));
  const barred = FLOORS.slice(level).flat().filter((other) => other !== folder);
  return [barred.map((other) => `**/${other}/**`), `src-main's floors are ${FLOOR_PLAN}: ${folder}/ imports only from the floors below its own.`];
}

export default tseslint.config(
  { ignores: ['out/**', 'native/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // Formatting is left to the author (as in the .ts files); these rules only judge layout.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      ...forbid(NODE, ELECTRON, MAIN),
    },
  },
  {
    // Tests read answers as `any` and check them against the schemas the answers must match.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['src-shared/**'], rules: forbid(NODE, ELECTRON, MAIN, RENDERER) },
  { files: ['src-main/**'], ignores: ['src-main/app/**'], rules: forbid(ELECTRON, OTHER_PROGRAM) },
  // A step that needs nothing of the database is a generator without a yield (src-main/db/step.ts).
  { files: ['src-main/**'], rules: { 'require-yield': 'off' } },
  {
    // A step called as a statement without `yield*` does nothing, silently (docs/decisions.md#handlers-are-steps).
    files: ['src-main/service/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "ExpressionStatement > CallExpression[callee.object.name='ctx']",
          "ExpressionStatement > CallExpression[callee.object.object.name='ctx']",
          "ExpressionStatement > CallExpression[arguments.0.name='ctx']",
        ].map((selector) => ({ selector, message: 'A step does nothing unless it is run: `yield*` it.' })),
      ],
    },
  },
  // Each folder of src-main on its floor (docs/architecture.md); only app/ imports electron.
  ...FLOORS.flat().map((folder) => ({
    files: [`src-main/${folder}/**`],
    rules: folder === 'app' ? forbid(OTHER_PROGRAM, floor(folder)) : forbid(ELECTRON, OTHER_PROGRAM, floor(folder)),
  })),
  // The shell's decisions and the Node tests that run them: importing electron outside Electron fails.
  { files: ['src-main/app/hardening/**'], rules: forbid(NODE_TESTS, OTHER_PROGRAM, floor('app')) },
  { files: ['test/**'], rules: forbid(NODE_TESTS) },
);
