// No block falls back in code on a prop whose schema has a default: the validator fills every default in before a
// block renders (ResolvedBlockProps), so the schema's default is the one default, the one the editor shows.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blockDefaultFallbacks, defaultedProps } from './default-fallbacks';
import { readSchemaParts } from './schema-assembly';

const root = join(import.meta.dirname, '../..');
const { blocks } = readSchemaParts(root);

describe('code fallbacks on defaulted block props', () => {
  it('are in no block (index.tsx, its components, its loader)', () => {
    const found = blocks.flatMap(({ type, schema }) => blockDefaultFallbacks(join(root, 'blocks'), type, schema));
    expect(found.map((f) => `${f.file}:${f.line} ${f.prop}: ${f.code}`)).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'fallbacks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const schema = {
    type: 'object',
    properties: {
      heading: { type: 'string', default: 'Our cars', description: 'Heading.' },
      filters: { type: 'array', items: { type: 'string' }, default: ['make'], description: 'Filters.' },
      note: { type: 'string', description: 'No default.' },
      buttons: {
        type: 'array',
        items: { type: 'object', properties: { style: { type: 'string', default: 'primary', description: 'Style.' } } },
        description: 'Buttons.',
      },
    },
  };

  it('knows the defaulted props, top-level and nested', () => {
    const { top, nested } = defaultedProps(schema);
    expect([...top]).toEqual(['heading', 'filters']);
    expect([...nested]).toEqual(['style']);
  });

  it('finds ??, length checks and destructuring defaults on them, in components too, and not on props without one', () => {
    mkdirSync(join(dir, 'blocks/demo/parts'), { recursive: true });
    writeFileSync(
      join(dir, 'blocks/demo/index.tsx'),
      [
        "const heading = props.heading ?? 'Cars';",
        'const filters = props.filters?.length ? props.filters : DEFAULTS;',
        "const note = props.note ?? '';",
        "const { heading: h = 'x' } = props;",
        "const label = button.style ?? 'primary';",
      ].join('\n'),
    );
    writeFileSync(join(dir, 'blocks/demo/parts/Title.tsx'), "export const Title = ({ props }) => <h2>{props.heading ?? 'Cars'}</h2>;\n");
    writeFileSync(join(dir, 'blocks/demo/demo.test.tsx'), "props.heading ?? 'ignored in tests';\n");
    const found = blockDefaultFallbacks(join(dir, 'blocks'), 'demo', schema);
    expect(found.map((f) => `${f.file.replace(/^.*blocks\//, 'blocks/')}:${f.line} ${f.prop}`).sort()).toEqual([
      'blocks/demo/index.tsx:1 heading',
      'blocks/demo/index.tsx:2 filters',
      'blocks/demo/index.tsx:4 heading',
      'blocks/demo/index.tsx:5 style',
      'blocks/demo/parts/Title.tsx:1 heading',
    ]);
  });
});
