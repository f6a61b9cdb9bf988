// The history report read back as a PDF reader does (pdf.js): the car's name, identifiers and checks.
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { generateInventory } from '../inventory/generate';
import { NOW, SAMPLE_DEALERSHIPS } from '../../test-support/inventory';
import { formatNumber } from '../domain/format';
import { vehicleTitle } from '../domain/vehicle';
import { HISTORY_REPORT_TITLE, historyReportPdf, historyReportRows } from './history-report-pdf';

const car = generateInventory({ count: 400, seed: 5, dealerships: SAMPLE_DEALERSHIPS, now: NOW }).find((c) => c.file && c.vin && c.stocknum)!;

async function textOf(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) text += `${(await (await pdf.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ')}\n`;
  return text.replace(/\s+/g, ' ');
}

describe('history report PDF', () => {
  it("prints the title, the car's name, stock number, VIN, odometer and the dealership", async () => {
    const bytes = await historyReportPdf({
      car,
      dealership: { name: 'Big Sky Cars Moorabbin' },
      siteName: 'Big Sky Cars',
      now: new Date(NOW),
      unregisteredWhenRegoExpired: false,
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(bytes);
    for (const expected of [HISTORY_REPORT_TITLE, vehicleTitle(car), car.stocknum!, car.vin!, `${formatNumber(car.km ?? 0)} km`, 'Big Sky Cars Moorabbin'])
      expect(text).toContain(expected);
  });

  it('lists the checks of the vehicle page, without the link to the report itself', () => {
    const rows = historyReportRows({ car, now: new Date(NOW), unregisteredWhenRegoExpired: false });
    const labels = rows.map((r) => r.label);
    expect(labels).toEqual(expect.arrayContaining(['Stock No.', 'Year', 'Odometer', 'VIN']));
    expect(labels).not.toContain('History report');
  });
});
