// ESLint flat config: typescript-eslint recommended everywhere, its type-aware async rules on every TypeScript file,
// React hooks rules on the front end,
// and the import boundaries of the shared contract, of the server's layers and of its modules
// (test/unit/lint-boundaries.test.ts).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The contract files the web may import as values: pure rules, limits, text folding and the CSV cell rule, free of zod (so no zod in the
 * bundle); they import no other contract file.
 */
const PURE_CONTRACT = ['siren', 'limits', 'control-chars', 'admin-rules', 'resources', 'fold', 'csv-cell', 'audit-text'];

/**
 * The layers of server/, lowest first, each with its entries at the top of server/ (a folder, or a file named
 * without `.ts`): a file imports only from its own layer or a lower one, type imports included, so that every arrow
 * points down. `context` (server/context.ts) is the type bag every module receives, naming config, db, jobs and lib.
 */
const SERVER_LAYERS = [
  { layer: 'config', entries: ['config'] },
  { layer: 'db', entries: ['db'] },
  { layer: 'lib', entries: ['lib'] },
  { layer: 'jobs', entries: ['jobs'] },
  { layer: 'context', entries: ['context'] },
  { layer: 'http', entries: ['http'] },
  { layer: 'modules', entries: ['modules'] },
  { layer: 'api', entries: ['api'] },
  { layer: 'app', entries: ['app', 'main', 'bootstrap', 'cli', 'seed'] },
];
/** Folders below server/ that the layer rules reach (server/modules/feeds/bodacc/x.ts is at depth 3 of modules). */
const MAX_LAYER_DEPTH = 5;
/** The entries of SERVER_LAYERS that are files (server/<entry>.ts), not folders. */
const FILE_ENTRIES = new Set(['config', 'context', 'app', 'main', 'bootstrap']);

/**
 * The `@typescript-eslint/no-restricted-imports` patterns of a file `depth` folders below server/ (0: server/x.ts)
 * in layer `index` of SERVER_LAYERS, without the entries `allow`: one pattern per higher entry, whose relative
 * path from that depth reaches server/<entry>.
 */
function layerPatterns(index, depth, allow = []) {
  const up = depth === 0 ? '\\./' : `(\\.\\./){${depth}}`;
  const own = SERVER_LAYERS[index].layer;
  return SERVER_LAYERS.slice(index + 1).flatMap(({ layer, entries }) =>
    entries
      .filter((entry) => !allow.includes(entry))
      .map((entry) => ({
        regex: `^${up}${entry}(/.*|\\.[jt]s)?$`,
        message: `server/${FILE_ENTRIES.has(entry) ? `${entry}.ts` : entry} is of the layer ${layer}, above ${own}: layers import only downwards (${SERVER_LAYERS.map((l) => l.layer).join(' < ')}).`,
      })),
  );
}

/** The flat-config blocks of the layer rules: per layer, per depth of its files. */
function serverLayerRules() {
  return SERVER_LAYERS.flatMap(({ entries }, index) =>
    entries.flatMap((entry) => {
      const depths = FILE_ENTRIES.has(entry) ? [0] : Array.from({ length: MAX_LAYER_DEPTH }, (_, d) => d + 1);
      return depths.map((depth) => ({
        files: [depth === 0 ? `server/${entry}.ts` : `server/${entry}/${'*/'.repeat(depth - 1)}*.ts`],
        rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: layerPatterns(index, depth) }] },
      }));
    }),
  );
}

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'data', 'server/db/migrations', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules: the async mistakes a type checker sees (a promise nobody awaits or catches, a promise where
    // a callback's result is ignored) and a switch over a union that forgets a member. Each file is checked in its
    // project of tsconfig.json (server, web, web tests).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // React Router's navigate settles when the navigation ends and reports a failed navigation through the
          // route's error element: its promise never rejects, so there is nothing to await or catch.
          allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The web talks to the server through HTTP only: it imports nothing of server/, and the contract
      // as types only (no zod in the bundle), except the pure files of PURE_CONTRACT.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            // Relative paths only: a package's own `server` entry (react-dom/server) is not ours.
            { regex: '^(\\.{1,2}/)+(.*/)?server(/.*)?$', message: 'The web imports nothing of the server: use contract/ (types only).' },
            {
              regex: `^(\\.{1,2}/)+(.*/)?contract/(?!(${PURE_CONTRACT.join('|')})$)`,
              allowTypeImports: true,
              message: 'The web imports the contract as types only: `import type { … }` with z.input / z.output.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is shared: it imports neither the server nor the web.
    files: ['contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?(server|web)(/.*)?$', message: 'The contract imports nothing of the server or the web.' }] },
      ],
    },
  },
  {
    // The pure contract files stay free of zod, and of the contract files that use it: the web bundles them.
    files: PURE_CONTRACT.map((name) => `contract/${name}.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['zod', 'zod/*', './*', '../*'], message: 'A pure contract file imports neither zod nor another contract file (the web bundles it).' }] },
      ],
    },
  },
  {
    // The rows and the count of a raw statement are read through server/db/rows.ts (`rowsOf`, `rowCountOf`), the one
    // place that casts a driver's answer: no `as unknown as { rows … }` / `as unknown as Rows<…>` elsewhere.
    files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts'],
    ignores: ['server/db/rows.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          // `x as unknown as { rows: … }` (or rowCount / affectedRows)
          "TSAsExpression[expression.typeAnnotation.type='TSUnknownKeyword'] > TSTypeLiteral > TSPropertySignature > Identifier.key[name=/^(rows|rowCount|affectedRows)$/]",
          // `x as unknown as Rows<…>`, `as unknown as Promise<Rows<…>>`
          "TSAsExpression[expression.typeAnnotation.type='TSUnknownKeyword'] > TSTypeReference Identifier[name=/Rows$/]",
          // any `(await db.execute(…)) as unknown as …`
          "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword'] > AwaitExpression > CallExpression > MemberExpression.callee > Identifier.property[name='execute']",
        ].map((selector) => ({
          selector,
          message: 'Read the rows of a raw statement with `rowsOf<T>(db, sql`…`)` and its count with `rowCountOf` (server/db/rows.ts), never with a cast.',
        })),
      ],
    },
  },
  // The layers of server/ point down (SERVER_LAYERS).
  ...serverLayerRules(),
  {
    // A server module reaches another only through that module's public `index.ts` (`../admins`, never
    // `../admins/service`): what a module offers the others is written down in one file.
    files: ['server/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./[^./][^/]*/.+', message: 'Import another module through its index.ts (`../name`).' }] }],
    },
  },
  {
    files: ['server/modules/*/*/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./[^./][^/]*/.+', message: 'Import another module through its index.ts (`../../name`).' }] }],
    },
  },
  {
    files: ['server/modules/*/*/*/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./\\.\\./[^./][^/]*/.+', message: 'Import another module through its index.ts (`../../../name`).' }] }],
    },
  },
  // The company register is read by the other modules and written by the feeds: it imports no other module (only
  // the descriptor type of server/modules/module.ts), so that no module circle runs through it.
  ...[1, 2, 3].map((depth) => ({
    files: [`server/modules/register/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}(?!module$)[^./][^/]*(/.*)?$`,
              message: 'The register imports no other module: a module that adds to it gives what it adds (see MentionReader).',
            },
          ],
        },
      ],
    },
  })),
);
