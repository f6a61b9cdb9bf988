import { describe, expect, it } from 'vitest';
import tenantSchema from '../../schemas/tenant.schema.json';
import { boundsText, fieldFor, humanise, initialValue, objectFields, parseNumberInput } from './schema-form';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
const root = tenantSchema as Record<string, any>;
const propsOf = (type: string) => root.definitions[`block_${type.replace(/-/g, '_')}`].properties.props;

describe('schema to form fields', () => {
  it('maps the hero block to text, image, selects and a bounded list of button groups, with descriptions as help', () => {
    const fields = objectFields(propsOf('hero'), root);
    const by = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(by.heading).toMatchObject({
      kind: 'text',
      label: 'Heading',
      description: 'Main heading.',
      required: true,
      minLength: 1,
      maxLength: 120,
      default: 'Search Our New & Used Vehicles',
    });
    expect(by.image).toMatchObject({ kind: 'image', required: false });
    expect(by.align).toMatchObject({
      kind: 'select',
      options: [
        { value: 'left', label: 'left' },
        { value: 'center', label: 'center' },
      ],
      default: 'left',
    });
    expect(by.buttons).toMatchObject({ kind: 'list', maxItems: 2, item: { kind: 'object' } });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    const button = (by.buttons as any).item.fields.map((f: any) => [f.key, f.kind, f.required]);
    expect(button).toEqual([
      ['label', 'text', true],
      ['href', 'text', true],
      ['style', 'select', false],
    ]);
  });

  it('follows $ref to colour widgets and keeps the description beside the $ref', () => {
    const theme = fieldFor('theme', { $ref: '#/definitions/theme' }, root);
    expect(theme.kind).toBe('object');
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    const primary = (theme as any).fields.find((f: any) => f.key === 'primary');
    expect(primary).toMatchObject({ kind: 'colour', pattern: '^#[0-9a-fA-F]{6}$', description: 'Main brand colour (header, buttons).', required: true });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    const radius = (theme as any).fields.find((f: any) => f.key === 'radius');
    expect(radius).toMatchObject({ kind: 'number', integer: true, min: 0, max: 24 });
    expect(boundsText(radius)).toBe('at least 0, at most 24, a whole number');
  });

  it('maps numbers, nullable numbers, booleans, textareas, references and lists of choices', () => {
    expect(fieldFor('n', { type: ['integer', 'null'], minimum: 0 }, root)).toMatchObject({ kind: 'number', nullable: true, integer: true, min: 0 });
    expect(fieldFor('b', { type: 'boolean', default: true }, root)).toMatchObject({ kind: 'boolean', default: true });
    expect(fieldFor('body', { type: 'string', 'x-widget': 'textarea' }, root).kind).toBe('textarea');
    expect(fieldFor('locationId', { type: 'integer', 'x-ref': 'location' }, root)).toMatchObject({ kind: 'number', ref: 'location' });
    expect(fieldFor('kinds', { type: 'array', uniqueItems: true, items: { enum: ['car', 'caravan'] } }, root)).toMatchObject({
      kind: 'checkboxes',
      options: [{ value: 'car' }, { value: 'caravan' }],
    });
    expect(fieldFor('x', { type: 'object' }, root).kind).toBe('unsupported');
  });

  it('builds the settings form from every settings group', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const settings = fieldFor('settings', root.properties.settings, root) as any;
    expect(settings.kind).toBe('object');
    // biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
    expect(settings.fields.map((f: any) => f.key)).toEqual(Object.keys(root.properties.settings.properties));
    // biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
    const search = settings.fields.find((f: any) => f.key === 'search');
    // biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
    expect(search.fields.find((f: any) => f.key === 'makesShownBeforeShowAll')).toMatchObject({ kind: 'number', label: 'Makes shown before show all' });
  });

  it('gives new items their defaults and required fields', () => {
    const hero = fieldFor('props', propsOf('hero'), root);
    expect(initialValue(hero)).toEqual({});
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    const button = (fieldFor('buttons', propsOf('hero').properties.buttons, root) as any).item;
    expect(initialValue(button)).toEqual({ label: '', href: '' });
    expect(initialValue(fieldFor('r', { type: 'integer', minimum: 3 }, root))).toBe(3);
  });

  it('turns keys into labels', () => {
    expect(humanise('makesShownBeforeShowAll')).toBe('Makes shown before show all');
    expect(humanise('start_hour')).toBe('Start hour');
  });
});

describe('text typed into a number field', () => {
  const spec = { key: 'years', label: 'Years', required: false, kind: 'number' as const, integer: true, min: 1, max: 7 };
  it('reads digits (with a sign, decimals, an exponent or thousands commas) as numbers and empty as nothing', () => {
    expect(parseNumberInput('5', spec)).toEqual({ ok: true, value: 5 });
    expect(parseNumberInput(' -2.5 ', spec)).toEqual({ ok: true, value: -2.5 });
    expect(parseNumberInput('1,500', spec)).toEqual({ ok: true, value: 1500 });
    expect(parseNumberInput('5.', spec)).toEqual({ ok: true, value: 5 });
    expect(parseNumberInput('', spec)).toEqual({ ok: true, value: undefined });
  });
  it('keeps text that is not a number as an error naming it, never a silently dropped value', () => {
    expect(parseNumberInput('5 years', spec)).toEqual({ ok: false, message: '"5 years" is not a number: type a whole number in digits only, for example 1.' });
    expect(parseNumberInput('1,50', spec).ok).toBe(false);
    expect(parseNumberInput('Infinity', { ...spec, integer: false, min: undefined, default: 3 })).toEqual({
      ok: false,
      message: '"Infinity" is not a number: type a number in digits only, for example 3.',
    });
  });
});
