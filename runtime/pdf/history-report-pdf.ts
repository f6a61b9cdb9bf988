// A car's history report as a PDF (the "Car History Report" button and the used-car checks' link), made with pdfkit
// from the car's own fields: what it is, how to identify it, and the checks the vehicle page lists.
import PDFDocument from 'pdfkit';
import type { Car } from '../../schemas/generated/car';
import type { Dealership } from '../../schemas/generated/tenant';
import { formatDate } from '../domain/format';
import { specRowsFrom, usedCarChecks, vehicleTitle } from '../domain/vehicle';
import { FONTS } from './listing-pdf';

export const HISTORY_REPORT_TITLE = 'Vehicle History Report';

export interface HistoryReportInput {
  car: Car;
  dealership: Pick<Dealership, 'name'>;
  siteName: string;
  /** When the report is made; its date is printed. */
  now: Date;
  unregisteredWhenRegoExpired: boolean;
  accent?: string;
}

const MARGIN = 48;
const GREY = '#55575f';

/** The rows of the report: what the car is (year, make, body ...) then the checks the vehicle page shows. */
export function historyReportRows(input: Pick<HistoryReportInput, 'car' | 'now' | 'unregisteredWhenRegoExpired'>): { label: string; value: string }[] {
  const checks = usedCarChecks(input.car, { unregisteredWhenRegoExpired: input.unregisteredWhenRegoExpired }, input.now).filter(
    (r) => r.id !== 'history-report',
  );
  const stock = input.car.stocknum ? [{ label: 'Stock No.', value: input.car.stocknum }] : [];
  const facts = specRowsFrom(input.car as unknown as Record<string, unknown>, [
    ['year', 'Year'],
    ['colour', 'Colour'],
    ['simple_body', 'Body'],
    ['simple_transmission', 'Transmission'],
    ['simple_fuel', 'Fuel'],
  ]);
  return [...stock, ...facts, ...checks];
}

export function historyReportPdf(input: HistoryReportInput): Promise<Buffer> {
  const { car, dealership, siteName } = input;
  const accent = /^#[0-9a-f]{6}$/i.test(input.accent ?? '') ? input.accent! : '#1a3373';
  const title = vehicleTitle(car);
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${HISTORY_REPORT_TITLE}: ${title}`, Author: siteName, Creator: siteName } });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;

  doc.rect(0, 0, doc.page.width, 8).fill(accent);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(accent)
    .text(siteName, MARGIN, MARGIN - 12, { width: width / 2 });
  // the dealership beside the site's name, when the site is a group of several
  if (dealership.name !== siteName)
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(dealership.name, MARGIN, MARGIN - 10, { width, align: 'right' });
  doc.y = MARGIN + 24;
  doc.font('bold').fontSize(22).fillColor('#111111').text(HISTORY_REPORT_TITLE, MARGIN, doc.y, { width });
  doc.moveDown(0.2).font('bold').fontSize(15).text(title, { width });
  doc
    .moveDown(0.2)
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(`Prepared ${formatDate(input.now)} from the dealer's records of this vehicle.`, { width });
  doc.moveDown(0.8);

  for (const row of historyReportRows(input)) {
    const y = doc.y;
    doc.font('regular').fontSize(11).fillColor(GREY).text(row.label, MARGIN, y, { width: 150 });
    const labelBottom = doc.y;
    doc
      .font('bold')
      .fillColor('#111111')
      .text(row.value, MARGIN + 160, y, { width: width - 160 });
    doc.y = Math.max(labelBottom, doc.y) + 6;
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + width, doc.y - 3)
      .lineWidth(0.5)
      .strokeColor('#dddddd')
      .stroke();
  }
  doc.x = MARGIN;
  doc
    .moveDown(1)
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(`Ask ${dealership.name} for the service history, ownership records and any finance owing before you buy.`, MARGIN, doc.y, { width });
  doc.end();
  return done;
}
