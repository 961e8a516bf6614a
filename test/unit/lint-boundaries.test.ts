/**
 * The import boundaries, as eslint.config.js enforces them: the web imports
 * nothing of the server, and the contract only as types (so that no zod code reaches the bundle);
 * the contract imports nothing of the server or the web; the layers of server/ point down
 * (config < db < lib < jobs < context < http < modules < api < app, type imports included), and the company
 * register imports no other module. Each case lints a snippet with the
 * project's own configuration, as `npm run lint` would for a file at that path.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The probes are no file of a tsconfig project, and the boundaries need no types: linted without type information.
const eslint = new ESLint({ cwd: root, overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: ['**/*.{ts,tsx}'] }] });

/** Rule ids reported for `code` written at `filePath` (relative to the repository). */
async function rulesFiredFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const RULE = '@typescript-eslint/no-restricted-imports';
/** Budget of a test that lints many snippets (tens of milliseconds each, more on a loaded machine). */
const MANY_PROBES_MS = 60_000;

// The first lint loads the configuration, the parser and the plugins (seconds on a loaded machine): done once here,
// so that no test's budget pays for it.
beforeAll(async () => {
  await rulesFiredFor('server/probe.ts', 'export {};\n');
}, 60_000);

describe('web -> server boundary', () => {
  it('refuses any import of the server from the web, type-only ones included', async () => {
    const cases = [
      "import { buildApp } from '../../server/app';\nvoid buildApp;\n",
      "import type { AppContext } from '../../../server/context';\nexport type X = AppContext;\n",
      "import { toAdminResponse } from '../../../server/modules/admins/mapping';\nvoid toAdminResponse;\n",
    ];
    for (const code of cases) expect(await rulesFiredFor('web/src/modules/admins/Probe.tsx', code), code).toContain(RULE);
  });

  it('does not mistake a package entry or a file name for the server', async () => {
    const code =
      "import { renderToString } from 'react-dom/server';\nimport { applyServerErrors } from '../../components/form/applyServerErrors';\nexport const x = [renderToString, applyServerErrors];\n";
    expect(await rulesFiredFor('web/src/modules/admins/Probe.ts', code)).toEqual([]);
  });

  it('accepts the contract as types, and refuses it as values', async () => {
    const typeOnly = "import type { adminResponse } from '../../../contract/admins';\nimport type { z } from 'zod';\nexport type A = z.output<typeof adminResponse>;\n";
    expect(await rulesFiredFor('web/src/modules/admins/Probe.ts', typeOnly)).toEqual([]);
    const value = "import { adminResponse } from '../../../contract/admins';\nexport const s = adminResponse;\n";
    expect(await rulesFiredFor('web/src/modules/admins/Probe.ts', value)).toContain(RULE);
  });

  it('accepts the pure SIREN rule of the contract as a value (client-side hints)', async () => {
    const code = "import { normaliseSiren } from '../../../contract/siren';\nexport const n = normaliseSiren('552 032 534');\n";
    expect(await rulesFiredFor('web/src/modules/groups/Probe.ts', code)).toEqual([]);
  });

  it('accepts the other pure contract files as values (limits, control characters, administrator rules)', async () => {
    const code =
      "import { adminLocks } from '../../../../contract/admin-rules';\nimport { stripControlChars } from '../../../../contract/control-chars';\nimport { MAX_PAGE } from '../../../../contract/limits';\nexport const x = [adminLocks, stripControlChars, MAX_PAGE];\n";
    expect(await rulesFiredFor('web/src/modules/admins/Probe.ts', code)).toEqual([]);
  });

  it('lets the server import the contract', async () => {
    const code = "import { adminResponse } from '../../../contract/admins';\nexport const s = adminResponse;\n";
    expect(await rulesFiredFor('server/modules/admins/probe.ts', code)).toEqual([]);
  });
});

describe('contract boundary', () => {
  it('refuses imports of the server or the web from the contract', async () => {
    for (const code of [
      "import type { Db } from '../server/db/client';\nexport type D = Db;\n",
      "import { apiGet } from '../web/src/api/client';\nvoid apiGet;\n",
    ]) {
      expect(await rulesFiredFor('contract/probe.ts', code), code).toContain(RULE);
    }
  });
  it('keeps the pure contract files free of zod and of the other contract files', async () => {
    for (const code of ["import { z } from 'zod';\nexport const s = z.string();\n", "import { filterBody } from './listing';\nexport const f = filterBody;\n"]) {
      expect(await rulesFiredFor('contract/limits.ts', code), code).toContain('no-restricted-imports');
    }
    expect(await rulesFiredFor('contract/listing.ts', "import { MAX_PAGE } from './limits';\nexport const m = MAX_PAGE;\n")).toEqual([]);
  });
});

const LAYER_RULE = '@typescript-eslint/no-restricted-imports';

/**
 * The layers of server/, lowest first (written here apart from eslint.config.js, as the order to hold): a file of
 * each layer to lint a snippet as (`probe`, its folders below server/ give the `../` of its imports), and a file of
 * each of the layer's entries to import.
 */
const LAYERS = [
  { layer: 'config', probe: 'server/config.ts', targets: ['config'] },
  { layer: 'db', probe: 'server/db/schema/probe.ts', targets: ['db/client'] },
  { layer: 'lib', probe: 'server/lib/csv/probe.ts', targets: ['lib/errors'] },
  { layer: 'jobs', probe: 'server/jobs/probe.ts', targets: ['jobs/queue'] },
  { layer: 'context', probe: 'server/context.ts', targets: ['context'] },
  { layer: 'http', probe: 'server/http/probe.ts', targets: ['http/problem'] },
  { layer: 'modules', probe: 'server/modules/feeds/bodacc/probe.ts', targets: ['modules/register'] },
  { layer: 'api', probe: 'server/api/probe.ts', targets: ['api/sandbox'] },
  { layer: 'app', probe: 'server/seed/probe.ts', targets: ['app', 'main', 'bootstrap', 'cli/feed', 'seed/demo'] },
] as const;

/** A type-only import of `target` (a path below server/) written from `probe`. */
function typeImportFrom(probe: string, target: string): string {
  const depth = probe.split('/').length - 2;
  return `import type { X } from '${depth === 0 ? './' : '../'.repeat(depth)}${target}';\nexport type Y = X;\n`;
}

describe('layers of the server', () => {
  it('refuse every import of a higher layer, type-only ones included', async () => {
    const refused: string[] = [];
    for (const [i, low] of LAYERS.entries()) {
      for (const high of LAYERS.slice(i + 1)) {
        for (const target of high.targets) {
          const fired = await rulesFiredFor(low.probe, typeImportFrom(low.probe, target));
          if (fired.includes(LAYER_RULE)) refused.push(`${low.layer} -> ${target}`);
          else expect.fail(`${low.layer} (${low.probe}) may import server/${target} of the higher layer ${high.layer}`);
        }
      }
    }
    // 8 + 7 + … + 1 pairs of layers, the app layer counted once per entry.
    expect(refused).toHaveLength(68);
  }, MANY_PROBES_MS);

  it('refuse a value import of a higher layer as well', async () => {
    const code = "import { ApiProblem } from '../http/problem';\nexport const p = ApiProblem;\n";
    expect(await rulesFiredFor('server/jobs/probe.ts', code)).toContain(LAYER_RULE);
    const seed = "import { seedDemo } from '../seed/demo';\nexport const s = seedDemo;\n";
    expect(await rulesFiredFor('server/api/probe.ts', seed)).toContain(LAYER_RULE);
  });

  it('accept imports of the same or a lower layer', async () => {
    const allowed: Array<[string, string]> = [
      ['server/db/probe.ts', "import type { AppConfig } from '../config';\nexport type C = AppConfig;\n"],
      ['server/lib/probe.ts', "import { rowsOf } from '../db/rows';\nimport type { AppConfig } from '../config';\nexport const r: [typeof rowsOf, AppConfig?] = [rowsOf];\n"],
      ['server/jobs/probe.ts', "import { AppError } from '../lib/errors';\nimport type { Db } from '../db/client';\nexport const e: [typeof AppError, Db?] = [AppError];\n"],
      ['server/context.ts', "import type { JobQueue } from './jobs/queue';\nexport type Q = JobQueue;\n"],
      ['server/http/probe.ts', "import type { AppContext } from '../context';\nexport type C = AppContext;\n"],
      [
        'server/modules/feeds/bodacc/probe.ts',
        "import type { AppContext } from '../../../context';\nimport { ApiProblem } from '../../../http/problem';\nimport { JobQueue } from '../../../jobs/queue';\nimport { findCompany } from '../../register';\nexport const x: [typeof ApiProblem, typeof JobQueue, typeof findCompany, AppContext?] = [ApiProblem, JobQueue, findCompany];\n",
      ],
      ['server/api/probe.ts', "import { findCompany } from '../modules/register';\nexport const f = findCompany;\n"],
      ['server/app.ts', "import { registerCustomerApi } from './api';\nimport { prepareSandbox } from './seed/sandbox';\nexport const x = [registerCustomerApi, prepareSandbox];\n"],
      ['server/cli/probe.ts', "import { createContext } from '../bootstrap';\nexport const c = createContext;\n"],
    ];
    for (const [file, code] of allowed) expect(await rulesFiredFor(file, code), `${file}: ${code}`).toEqual([]);
  }, MANY_PROBES_MS);
});

describe('the company register', () => {
  it('imports no other module, at any depth of its folder', async () => {
    for (const [file, code] of [
      ['server/modules/register/probe.ts', "import { subscribeToFeeds } from '../feeds';\nexport const s = subscribeToFeeds;\n"],
      ['server/modules/register/probe.ts', "import type { GroupResponse } from '../groups/service';\nexport type G = GroupResponse;\n"],
      ['server/modules/register/nomenclatures/probe.ts', "import { bodaccMention } from '../../feeds';\nexport const b = bodaccMention;\n"],
    ] as const) {
      expect(await rulesFiredFor(file, code), `${file}: ${code}`).toContain('no-restricted-imports');
    }
  });

  it('may import the module descriptor type, its own files and the lower layers; other modules import it through its index', async () => {
    const own =
      "import type { ServerModule } from '../module';\nimport { NAF_REV2 } from './nomenclatures';\nimport { rowsOf } from '../../db/rows';\nexport const x: [string, typeof rowsOf, ServerModule?] = [NAF_REV2, rowsOf];\n";
    expect(await rulesFiredFor('server/modules/register/probe.ts', own)).toEqual([]);
    expect(await rulesFiredFor('server/modules/groups/probe.ts', "import { registerStatusColumns } from '../register';\nexport const r = registerStatusColumns;\n")).toEqual([]);
    expect(await rulesFiredFor('server/modules/groups/probe.ts', "import { findCompany } from '../register/lookup';\nexport const f = findCompany;\n")).toContain('no-restricted-imports');
  });
});
