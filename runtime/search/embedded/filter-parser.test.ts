import { describe, expect, it } from 'vitest';
import type { FilterNode } from './filter-ast.js';
import { parseFilter, parseFilterString } from './filter-parser.js';

/** AST without attribute positions, for readable expectations. */
function shape(node: FilterNode): unknown {
  switch (node.kind) {
    case 'all':
      return 'all';
    case 'and':
    case 'or':
      return { [node.kind]: node.children.map(shape) };
    case 'not':
      return { not: shape(node.child) };
    case 'compare':
      return [node.attribute.name, node.op, node.value];
    case 'between':
      return [node.attribute.name, 'TO', node.from, node.to];
    case 'in':
      return [node.attribute.name, 'IN', node.values];
    default:
      return [node.attribute.name, node.kind];
  }
}
const parse = (s: string) => shape(parseFilterString(s));

describe('parseFilterString', () => {
  it('reads every comparison operator', () => {
    for (const op of ['=', '!=', '>', '>=', '<', '<=']) expect(parse(`price ${op} 100`)).toEqual(['price', op, '100']);
    expect(parse('price>=100')).toEqual(['price', '>=', '100']);
  });

  it('reads TO, IN, NOT IN, EXISTS, NOT EXISTS, IS [NOT] NULL, IS [NOT] EMPTY', () => {
    expect(parse('year 2020 TO 2022')).toEqual(['year', 'TO', '2020', '2022']);
    expect(parse('make IN [Toyota, "Land Rover", \'Mercedes-Benz\',]')).toEqual(['make', 'IN', ['Toyota', 'Land Rover', 'Mercedes-Benz']]);
    expect(parse('make NOT IN [Kia]')).toEqual({ not: ['make', 'IN', ['Kia']] });
    expect(parse('tag EXISTS')).toEqual(['tag', 'exists']);
    expect(parse('tag NOT EXISTS')).toEqual({ not: ['tag', 'exists'] });
    expect(parse('tag IS NULL')).toEqual(['tag', 'isNull']);
    expect(parse('tag IS NOT NULL')).toEqual({ not: ['tag', 'isNull'] });
    expect(parse('tag IS EMPTY')).toEqual(['tag', 'isEmpty']);
    expect(parse('tag IS NOT EMPTY')).toEqual({ not: ['tag', 'isEmpty'] });
  });

  it('gives NOT over AND over OR, and parentheses override', () => {
    expect(parse('a = 1 OR b = 2 AND c = 3')).toEqual({
      or: [
        ['a', '=', '1'],
        {
          and: [
            ['b', '=', '2'],
            ['c', '=', '3'],
          ],
        },
      ],
    });
    expect(parse('(a = 1 OR b = 2) AND c = 3')).toEqual({
      and: [
        {
          or: [
            ['a', '=', '1'],
            ['b', '=', '2'],
          ],
        },
        ['c', '=', '3'],
      ],
    });
    expect(parse('NOT a = 1 AND b = 2')).toEqual({ and: [{ not: ['a', '=', '1'] }, ['b', '=', '2']] });
    expect(parse('NOT NOT a = 1')).toEqual(['a', '=', '1']);
  });

  it('keeps quoted keywords and escaped quotes as values', () => {
    expect(parse('title = "NOT" OR title = \'AND\'')).toEqual({
      or: [
        ['title', '=', 'NOT'],
        ['title', '=', 'AND'],
      ],
    });
    expect(parse('name = "O\\"Brien"')).toEqual(['name', '=', 'O"Brien']);
  });

  it('a blank filter matches everything', () => {
    expect(parse('   ')).toBe('all');
  });

  it('names the position of a missing operator', () => {
    expect(() => parseFilterString('make Toyota')).toThrow(
      'Was expecting an operation `=`, `!=`, `>=`, `>`, `<=`, `<`, `IN`, `NOT IN`, `TO`, `EXISTS`, `NOT EXISTS`, `IS NULL`, `IS NOT NULL`, `IS EMPTY`, `IS NOT EMPTY` at `make Toyota`.\n1:12 make Toyota',
    );
  });

  it('explains other syntax errors with their position', () => {
    expect(() => parseFilterString('make = ')).toThrow('Was expecting a value but instead got ``.\n8:8 make = ');
    expect(() => parseFilterString('(make = Kia')).toThrow('Expression `(make = Kia` is missing the following closing delimiter: `)`.\n1:12 (make = Kia');
    expect(() => parseFilterString('make = Kia)')).toThrow(
      'Found unexpected characters at the end of the filter: `)`. You probably forgot an `OR` or an `AND` rule.\n11:12 make = Kia)',
    );
    expect(() => parseFilterString('make = AND')).toThrow(
      "`AND` is a reserved keyword and thus can't be used as a value. Wrap it in quotes to use it as a value.\n8:11 make = AND",
    );
    expect(() => parseFilterString('make IN [Kia')).toThrow('Expected matching `]` after the list of field names given to `IN[`');
    expect(() => parseFilterString('make = "Kia')).toThrow('is missing the following closing delimiter: `"`.');
  });

  it('errors carry the Meilisearch code', () => {
    expect(() => parseFilterString('make')).toThrow(expect.objectContaining({ code: 'invalid_search_filter' }));
  });
});

describe('parseFilter (array form)', () => {
  it('ANDs the outer array and ORs the inner arrays', () => {
    expect(shape(parseFilter([['make = Ford', 'make = Kia'], 'body = Ute']))).toEqual({
      and: [
        {
          or: [
            ['make', '=', 'Ford'],
            ['make', '=', 'Kia'],
          ],
        },
        ['body', '=', 'Ute'],
      ],
    });
  });

  it('parses each string on its own, so one cannot unbalance another', () => {
    expect(() => parseFilter(['a = 1)', '(b = 2'])).toThrow();
  });

  it('refuses arrays nested three deep', () => {
    expect(() => parseFilter([[['a = 1']]] as never)).toThrow('depth three');
  });

  it('treats null, undefined and empty arrays as no filter', () => {
    expect(shape(parseFilter(null))).toBe('all');
    expect(shape(parseFilter(undefined))).toBe('all');
    expect(shape(parseFilter([]))).toBe('all');
  });
});
