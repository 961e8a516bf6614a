/**
 * The import boundaries, as eslint.config.js enforces them: the web imports
 * nothing of the server, and the contract only as types (so that no zod code reaches the bundle);
 * the contract imports nothing of the server or the web. Each case lints a snippet with the
 * project's own configuration, as `npm run lint` would for a file at that path.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The probes are no file of a tsconfig project, and the boundaries need no types: linted without type information.
const eslint = new ESLint({ cwd: root, overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: ['**/*.{ts,tsx}'] }] });

/** Rule ids reported for `code` written at `filePath` (relative to the repository). */
async function rulesFiredFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const RULE = '@typescript-eslint/no-restricted-imports';

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
