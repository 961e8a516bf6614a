/**
 * No import circle in server/: read by dpdm (its Node API, type imports included, as `import type` still ties two
 * files together for a reader), the files of server/ import each other without a circle, and so do its layers
 * (config < db < lib < jobs < context < http < modules < api < app: an arrow between two layers, whichever files
 * carry it). eslint.config.js keeps each arrow pointing down; this test also catches a circle within one layer.
 * The allowances below are circles known today, each listed with the change that removes it; an allowance that is
 * no longer a circle fails too, so that it is removed with it.
 */
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree, type Dependency, type DependencyTree } from 'dpdm';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** File circles allowed for now (each as dpdm reports it, from its first file in path order). */
const FILE_CIRCLE_ALLOWANCES: string[][] = [];
/** Layer circles allowed for now. */
const LAYER_CIRCLE_ALLOWANCES: string[][] = [];

/** The layer of each entry at the top of server/ (a folder, or a file without `.ts`). */
const LAYER_OF: Record<string, string> = {
  config: 'config',
  db: 'db',
  lib: 'lib',
  jobs: 'jobs',
  context: 'context',
  http: 'http',
  modules: 'modules',
  api: 'api',
  app: 'app',
  main: 'app',
  bootstrap: 'app',
  cli: 'app',
  seed: 'app',
};

/** The layer of a file of server/ (`server/modules/x/y.ts` -> `modules`). @throws Error for an entry of no layer */
function layerOf(file: string): string {
  const entry = file.split('/')[1].replace(/\.ts$/, '');
  const layer = LAYER_OF[entry];
  if (!layer) throw new Error(`server/${entry} belongs to no layer: add it to the layers (eslint.config.js and this test)`);
  return layer;
}

/** A circle written from its smallest member, so that two readings of one circle compare equal. */
function normalised(circle: string[]): string[] {
  const first = circle.indexOf([...circle].sort()[0]);
  return [...circle.slice(first), ...circle.slice(0, first)];
}

/** `circles` (normalised), the allowed ones apart. */
function sortOut(circles: string[][], allowances: string[][]): { unexpected: string[][]; allowedSeen: string[][] } {
  const key = (c: string[]) => normalised(c).join(' -> ');
  const allowed = new Set(allowances.map(key));
  return {
    unexpected: circles.filter((c) => !allowed.has(key(c))).map(normalised),
    allowedSeen: circles.filter((c) => allowed.has(key(c))).map(normalised),
  };
}

let tree: DependencyTree;
beforeAll(async () => {
  tree = await parseDependencyTree(['server/**/*.ts'], { context: root, transform: false, skipDynamicImports: false, tsconfig: `${root}/tsconfig.server.json` });
}, 60_000);

/**
 * The tree of server/ as `nodeOf` names its files (the file itself, or its layer): one node per name, with the
 * imports between two files of server/ whose names differ (type imports included).
 */
function treeOf(nodeOf: (file: string) => string): DependencyTree {
  const out: Record<string, Dependency[]> = {};
  for (const [file, deps] of Object.entries(tree)) {
    if (!file.startsWith('server/') || !deps) continue;
    const from = nodeOf(file);
    out[from] ??= [];
    for (const d of deps) {
      if (!d.id?.startsWith('server/') || !d.id.endsWith('.ts')) continue;
      const to = nodeOf(d.id);
      if (to === from || out[from].some((e) => e.id === to)) continue;
      out[from].push({ ...d, issuer: from, id: to });
    }
  }
  return out;
}

describe('import circles in server/', () => {
  it('reads the whole server', () => {
    const files = Object.keys(tree).filter((f) => f.startsWith('server/'));
    expect(files).toEqual(expect.arrayContaining(['server/main.ts', 'server/app.ts', 'server/modules/index.ts', 'server/jobs/queue.ts']));
    expect(files.length).toBeGreaterThan(200);
    // Type-only imports are kept: server/context.ts is types only.
    expect(tree['server/context.ts']?.map((d) => d.id)).toContain('server/jobs/queue.ts');
  });

  it('has no circle between files but the allowed ones', () => {
    const { unexpected, allowedSeen } = sortOut(parseCircular(treeOf((file) => file)), FILE_CIRCLE_ALLOWANCES);
    expect(unexpected, 'import circles').toEqual([]);
    expect(allowedSeen, 'allowances that are no longer circles: remove them').toEqual(FILE_CIRCLE_ALLOWANCES.map(normalised));
  });

  it('has no circle between layers but the allowed ones', () => {
    const { unexpected, allowedSeen } = sortOut(parseCircular(treeOf(layerOf)), LAYER_CIRCLE_ALLOWANCES);
    expect(unexpected, 'layer circles').toEqual([]);
    expect(allowedSeen, 'allowances that are no longer circles: remove them').toEqual(LAYER_CIRCLE_ALLOWANCES.map(normalised));
  });
});
