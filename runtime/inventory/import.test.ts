import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { coerceCell, typesAt } from './coerce-row';
import { generateInventory } from './generate';
import { formatImportReport, importInventory } from './import';
import { atLeast } from '../../test-support/at-least';
import { NOW, SAMPLE_DEALERSHIPS } from '../../test-support/inventory';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes', () => {
    const table = parseCsv('id,comment\r\n1,"a, b"\r\n2,"say ""hi""\nsecond line"\n3,plain\n');
    expect(table.header).toEqual(['id', 'comment']);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['1', 'a, b'],
      ['2', 'say "hi"\nsecond line'],
      ['3', 'plain'],
    ]);
    // spreadsheet row numbers: header is row 1, the row after a two-line cell is row 5
    expect(table.rows.map((r) => r.line)).toEqual([2, 3, 5]);
  });

  it('skips blank lines and a byte-order mark', () => {
    expect(parseCsv('\ufeffa,b\n\n1,2\n').rows).toEqual([{ line: 3, cells: ['1', '2'] }]);
  });
});

describe('coerceCell', () => {
  it('turns numbers, money, booleans and lists into typed values by the schema', () => {
    expect(coerceCell('$52,990', typesAt(['price']))).toBe(52990);
    expect(coerceCell('yes', typesAt(['certified']))).toBe(true);
    expect(coerceCell('N', typesAt(['reserved']))).toBe(false);
    expect(coerceCell('Sunroof | Tow Bar', typesAt(['standardEquipment']))).toEqual(['Sunroof', 'Tow Bar']);
    expect(coerceCell('null', typesAt(['before_price']))).toBeNull();
    expect(coerceCell('', typesAt(['price']))).toBeUndefined();
    expect(coerceCell('abc', typesAt(['price']))).toBe('abc');
    expect(coerceCell('4', typesAt(['variant', 'cylinders']))).toBe(4);
    expect(coerceCell('Tandem', typesAt(['specifications', 'axle_type']))).toBe('Tandem');
  });
});

describe('importInventory (CSV)', () => {
  const report = importInventory(fixture('feed-good-and-bad.csv'), 'csv');

  it('reports bad rows in plain words naming the field', () => {
    expect(formatImportReport(report)).toEqual([
      '1 cars imported, 4 rows rejected',
      'row 3: price must be a number',
      'row 4: car_type must be one of new, used, demo',
      'row 5: dealership_id is required',
      'row 6: slug 2021-mercedes-benz-c-class-c300-501 is already used on row 2',
    ]);
    expect(report.rejected.map((r) => r.id)).toEqual(['502', '503', '504', '505']);
  });

  it('keeps good rows typed, nested and with normalised make names', () => {
    const [car] = report.cars;
    expect(car).toMatchObject({
      id: 501,
      make: 'Mercedes-Benz',
      km: 45210,
      price: 52990,
      certified: true,
      standardEquipment: ['Reversing Camera', 'Apple CarPlay'],
      location: { id: 11, name: 'City', address: { city: 'Brisbane' } },
      dealercomments: 'One owner, "immaculate" car',
      make_model: 'Mercedes-Benz:C-Class',
      path: '/cars/2021-mercedes-benz-c-class-c300-501',
      sold: false,
      primary_image_url: '/media/placeholder.svg',
    });
  });
});

describe('importInventory (JSON)', () => {
  const report = importInventory(fixture('feed-good-and-bad.json'), 'json');

  it('accepts good rows, drops unknown fields and normalises makes', () => {
    expect(report.cars.map((c) => c.id)).toEqual([701]);
    expect(report.cars[0]?.make).toBe('Suzuki');
    expect(report.cars[0]).not.toHaveProperty('feed_only_column');
  });

  it('names every problem of a rejected row', () => {
    expect(report.rejected).toEqual([
      { row: 2, id: '702', errors: ['price must be a number'] },
      {
        row: 3,
        id: '703',
        errors: [
          'slug must use only lower-case letters, digits and single hyphens',
          'rego_expiry must be a date like 2026-03-31',
          'status must be one of in_stock, coming_soon, sold',
        ],
      },
      { row: 4, id: '704', errors: ['youxQuote must be an object or empty'] },
    ]);
  });

  it('explains a file that is not a list of cars', () => {
    expect(formatImportReport(importInventory('{ nope', 'json'))[1]).toMatch(/^file: the file is not valid JSON/);
    expect(importInventory('{"a":1}', 'json').rejected[0]?.errors).toEqual(['the JSON must be a list of cars, or an object with a "cars" list']);
  });

  it('refuses addresses that would run script when shown as a link, image or video (javascript:, data:, vbscript:)', () => {
    const [car] = atLeast(1, generateInventory({ count: 1, seed: 4, dealerships: SAMPLE_DEALERSHIPS, now: NOW }), 'the generated stock');
    const bad = structuredClone(car);
    bad.external_video_url = ' JaVaScRiPt:alert(1)';
    bad.location!.address!.place_url = 'javascript:alert(document.cookie)';
    atLeast(1, bad.images!, "the car's images")[0].image!.url = 'data:text/html,<script>alert(1)</script>';
    const good = { ...car, id: car.id + 1, slug: `${car.slug}-x`, external_video_url: 'https://www.youtube.com/watch?v=abc' };
    const imported = importInventory(JSON.stringify([bad, good]), 'json');
    expect(imported.cars.map((c) => c.id)).toEqual([good.id]);
    expect(imported.rejected[0]?.errors.toSorted()).toEqual([
      'external_video_url must be an http(s) address or a path of the site',
      'images[0].image.url must be an http(s) address or a path of the site',
      'location.address.place_url must be an http(s) address or a path of the site',
    ]);
  });

  it('round-trips a generated inventory without rejections', () => {
    const cars = generateInventory({ count: 300, seed: 4, dealerships: SAMPLE_DEALERSHIPS, now: NOW });
    const imported = importInventory(JSON.stringify(cars), 'json');
    expect(imported.rejected).toEqual([]);
    expect(JSON.stringify(imported.cars)).toBe(JSON.stringify(cars));
  });
});
