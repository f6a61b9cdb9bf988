// The printable listing as a PDF (docs/requirements/vehicle-browsing.md#calls: "PDF download by slug ... saved as {slug}.pdf"), made with pdfkit:
// the dealer's logo, the car's photo, title, price, finance figure, key specifications, dealer comments and where to
// see the car. Text is set in DejaVu Sans (embedded, real metrics), so names and comments in Greek, Cyrillic,
// Vietnamese or Māori print as written instead of as '?'.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Car } from '../../schemas/generated/car';
import type { Dealership, Location } from '../../schemas/generated/tenant';
import { formatPhone } from '../domain/format';
import { CARAVAN_SPEC_FIELDS, priceDisplay, priceTypeLabel, specRowsFrom, VEHICLE_SPEC_FIELDS, vehicleTitle } from '../domain/vehicle';
import type { ResolvedVehiclePriceSettings } from '../domain/settings';

const require = createRequire(import.meta.url);
export const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

export interface ListingPdfInput {
  car: Car;
  dealership: Pick<Dealership, 'name'>;
  location?: Pick<Location, 'name' | 'address' | 'contact_detail'>;
  siteName: string;
  /** Absolute address of the vehicle page, printed so the paper leads back to the listing. */
  pageUrl?: string;
  priceSettings: ResolvedVehiclePriceSettings;
  /** The finance figure as the vehicle page shows it ('Only $147 /wk*'), when finance shows for the car. */
  financeText?: string | null;
  /** The car's main photo and the dealer's logo as PNG or JPEG bytes (pdfkit embeds raster images only). */
  photo?: Buffer | null;
  logo?: Buffer | null;
  /** The theme's primary colour, '#rrggbb'. */
  accent?: string;
}

const MARGIN = 48;
const GREY = '#55575f';

/** The listing as PDF bytes (A4). */
export function listingPdf(input: ListingPdfInput): Promise<Buffer> {
  const { car, dealership, location, siteName } = input;
  const accent = /^#[0-9a-f]{6}$/i.test(input.accent ?? '') ? input.accent! : '#1a3373';
  const title = vehicleTitle(car);
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${title} - ${siteName}`, Author: siteName, Creator: siteName } });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;

  // Header: a band in the site's colour, the logo (or the site's name) and the dealership.
  doc.rect(0, 0, doc.page.width, 8).fill(accent);
  let headerBottom = MARGIN + 20;
  if (input.logo) {
    try {
      doc.image(input.logo, MARGIN, MARGIN - 16, { fit: [180, 44] });
      headerBottom = MARGIN + 32;
    } catch {
      input.logo = null; // an image pdfkit cannot read: fall back to the name
    }
  }
  if (!input.logo)
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(accent)
      .text(siteName, MARGIN, MARGIN - 12, { width });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(dealership.name, MARGIN, MARGIN - 8, { width, align: 'right' });
  doc.y = headerBottom;

  if (input.photo) {
    try {
      doc.image(input.photo, MARGIN, doc.y, { fit: [width, 220], align: 'center' });
      doc.y += 230;
    } catch {
      // no photo rather than no PDF
    }
  }

  doc.font('bold').fontSize(20).fillColor('#111111').text(title, MARGIN, doc.y, { width });
  const price = priceDisplay(car, input.priceSettings);
  const label = price.kind === 'price' ? priceTypeLabel(car.price_type) : null;
  doc
    .moveDown(0.3)
    .font('bold')
    .fontSize(16)
    .fillColor(accent)
    .text(price.text + (label ? `  ${label}` : ''), { continued: Boolean(price.kind === 'price' && price.was) });
  if (price.kind === 'price' && price.was) doc.font('regular').fontSize(11).fillColor(GREY).text(`   Was ${price.was.text}`);
  if (input.financeText) doc.moveDown(0.2).font('bold').fontSize(12).fillColor('#111111').text(input.financeText);
  const ids = [car.stocknum && `Stock No. ${car.stocknum}`, car.vin && `VIN ${car.vin}`].filter(Boolean).join('    ');
  if (ids) doc.moveDown(0.2).font('regular').fontSize(9).fillColor(GREY).text(ids);
  rule(doc);

  const rows = specRowsFrom(car as unknown as Record<string, unknown>, car.item_type === 'caravan' ? CARAVAN_SPEC_FIELDS : VEHICLE_SPEC_FIELDS);
  if (rows.length) {
    heading(doc, 'Specifications');
    const columnWidth = width / 2;
    for (let i = 0; i < rows.length; i += 2) {
      if (doc.y > doc.page.height - MARGIN - 20) doc.addPage();
      const y = doc.y;
      let bottom = y;
      for (const [column, row] of rows.slice(i, i + 2).entries()) {
        const x = MARGIN + column * columnWidth;
        doc.font('regular').fontSize(10).fillColor(GREY).text(row.label, x, y, { width: 100 });
        doc.fillColor('#111111').text(row.value, x + 105, y, { width: columnWidth - 110 });
        bottom = Math.max(bottom, doc.y);
      }
      doc.y = bottom + 3;
    }
    doc.x = MARGIN;
  }

  const comments = (car.dealercomments ?? '').trim();
  if (comments) {
    heading(doc, 'Dealer Comments');
    doc.font('regular').fontSize(10).fillColor('#111111').text(comments, MARGIN, doc.y, { width, align: 'left' });
  }

  if (doc.y > doc.page.height - MARGIN - 90) doc.addPage();
  rule(doc);
  doc.font('bold').fontSize(12).fillColor('#111111').text(dealership.name, MARGIN, doc.y, { width });
  if (location) {
    const a = location.address;
    doc
      .font('regular')
      .fontSize(10)
      .text(`${location.name}: ${[a.street, `${a.city} ${a.state} ${a.postcode}`].filter(Boolean).join(', ')}`, { width });
    if (location.contact_detail?.phone) doc.text(`Phone ${formatPhone(location.contact_detail.phone)}`, { width });
  }
  if (input.pageUrl) doc.moveDown(0.3).fontSize(9).fillColor(GREY).text(input.pageUrl, { width, link: input.pageUrl });
  doc.end();
  return done;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  doc.moveDown(0.6).font('bold').fontSize(13).fillColor('#111111').text(text, MARGIN, doc.y);
  doc.moveDown(0.3);
}

function rule(doc: PDFKit.PDFDocument) {
  doc.moveDown(0.6);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .lineWidth(0.5)
    .strokeColor('#bbbbbb')
    .stroke();
  doc.moveDown(0.8);
}
