/**
 * The generator of docs/configuration.md (scripts/config-docs-render.ts): every variable of the configuration
 * schema gets a row with its default, accepted values and description; a variable without its documentation
 * (EnvDoc metadata) is refused, naming it, so that a new variable cannot reach the page undocumented.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderConfigDocs } from '../../scripts/config-docs-render';
import { ENV_GROUPS, envSchema, type EnvDoc } from '../../server/config';

const GROUPS = { main: 'Main', other: 'Other' } as const;
const doc = (d: Omit<EnvDoc, 'group'> & { group: string }) => d;

describe('configuration docs', () => {
  it('documents every variable of the schema, one row each, under its group', () => {
    const text = renderConfigDocs(envSchema, ENV_GROUPS);
    for (const name of Object.keys(envSchema.shape)) {
      expect(text.match(new RegExp(`^\\| \`${name}\` \\|`, 'gm')), name).toHaveLength(1);
    }
    for (const title of Object.values(ENV_GROUPS)) expect(text).toContain(`\n## ${title}\n`);
    expect(text).toContain('| `PORT` | `8080` | a port number, 0 to 65535 | HTTP port the server listens on. |');
  });

  it('gives the default the schema parses for an unset variable, with its note, and escapes pipes', () => {
    const schema = z.object({
      SIZE: z.string().default('12').transform(Number).meta(doc({ group: 'main', description: 'Size.', values: 'a | b' })),
      URL: z.string().optional().meta(doc({ group: 'other', description: 'Where.', values: 'a URL', unset: 'off' })),
      LIST: z.string().optional().transform((v) => (v ?? 'x,y').split(',')).meta(doc({ group: 'main', description: 'L.', values: 'v' })),
    });
    const text = renderConfigDocs(schema, GROUPS);
    expect(text).toContain('| `SIZE` | `12` | a \\| b | Size. |');
    expect(text).toContain('| `URL` | unset: off | a URL | Where. |');
    expect(text).toContain('| `LIST` | `x`, `y` | v | L. |');
    expect(text.indexOf('## Main')).toBeLessThan(text.indexOf('## Other'));
  });

  it('refuses a variable without a description, naming it', () => {
    const schema = z.object({
      DOCUMENTED: z.string().default('a').meta(doc({ group: 'main', description: 'Documented.', values: 'text' })),
      NEW_VARIABLE: z.string().optional(),
    });
    expect(() => renderConfigDocs(schema, GROUPS)).toThrow(/NEW_VARIABLE: no description/);
  });

  it('refuses a description without its accepted values, or in an unknown group', () => {
    const noValues = z.object({ A: z.string().optional().meta({ group: 'main', description: 'A.' }) });
    expect(() => renderConfigDocs(noValues, GROUPS)).toThrow(/A: no accepted values/);
    const badGroup = z.object({ B: z.string().optional().meta(doc({ group: 'nowhere', description: 'B.', values: 'v' })) });
    expect(() => renderConfigDocs(badGroup, GROUPS)).toThrow(/B: no group among main, other/);
  });
});
