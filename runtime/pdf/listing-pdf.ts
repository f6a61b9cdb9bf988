// The printable listing as a PDF (seed 000 §7: "PDF download by slug ... saved as {slug}.pdf"):
// title, price, key specifications, dealer comments and where to see the car.
import type { Car } from '../../schemas/generated/car';
import type { Dealership, Location } from '../../schemas/generated/tenant';
import { formatPhone } from '../domain/format';
import { priceDisplay, priceTypeLabel, specRowsFrom, vehicleTitle, VEHICLE_SPEC_FIELDS, CARAVAN_SPEC_FIELDS } from '../domain/vehicle';
import type { VehiclePriceSettings } from '../../schemas/generated/tenant';
import { PdfDocument, wrapText, type PdfPage } from './pdf-writer';

export interface ListingPdfInput {
  car: Car;
  dealership: Pick<Dealership, 'name'>;
  location?: Pick<Location, 'name' | 'address' | 'contact_detail'>;
  siteName: string;
  /** Absolute address of the vehicle page, printed so the paper leads back to the listing. */
  pageUrl?: string;
  priceSettings?: VehiclePriceSettings;
}

const MARGIN = 48;
const GREY: [number, number, number] = [0.35, 0.35, 0.38];

/** The listing's text lines in print order (also what the PDF test reads back). */
export function listingPdf(input: ListingPdfInput): Uint8Array {
  const { car, dealership, location, siteName } = input;
  const title = vehicleTitle(car);
  const doc = new PdfDocument({ title: `${title} - ${siteName}`, author: siteName });
  let page = doc.addPage();
  const width = page.width - MARGIN * 2;
  let y = MARGIN;
  const ensureRoom = (needed: number) => {
    if (y + needed > page.height - MARGIN) {
      page = doc.addPage();
      y = MARGIN;
    }
  };

  page.rect(0, 0, page.width, 8, [0.1, 0.2, 0.45]);
  page.text(MARGIN, y + 10, siteName, { size: 10, color: GREY });
  y += 40;
  for (const line of wrapText(title, width, 20, 'bold')) {
    page.text(MARGIN, y, line, { size: 20, font: 'bold' });
    y += 26;
  }
  const price = priceDisplay(car, input.priceSettings);
  const label = price.kind === 'price' ? priceTypeLabel(car.price_type) : null;
  page.text(MARGIN, y + 6, price.text + (label ? `  ${label}` : ''), { size: 16, font: 'bold', color: [0.1, 0.2, 0.45] });
  if (price.kind === 'price' && price.was) page.text(MARGIN + 220, y + 6, `Was ${price.was.text}`, { size: 11, color: GREY });
  y += 24;
  page.text(MARGIN, y, [car.stocknum && `Stock No. ${car.stocknum}`, car.vin && `VIN ${car.vin}`].filter(Boolean).join('    '), { size: 9, color: GREY });
  y += 16;
  page.line(MARGIN, y, page.width - MARGIN, y);
  y += 22;

  const rows = specRowsFrom(car as unknown as Record<string, unknown>, car.item_type === 'caravan' ? CARAVAN_SPEC_FIELDS : VEHICLE_SPEC_FIELDS);
  if (rows.length) {
    page.text(MARGIN, y, 'Specifications', { size: 13, font: 'bold' });
    y += 18;
    const columnWidth = width / 2;
    rows.forEach((row, i) => {
      const column = i % 2;
      if (column === 0) ensureRoom(16);
      const x = MARGIN + column * columnWidth;
      page.text(x, y, row.label, { size: 10, color: GREY });
      page.text(x + 95, y, row.value.slice(0, 32), { size: 10 });
      if (column === 1 || i === rows.length - 1) y += 16;
    });
    y += 10;
  }

  const comments = (car.dealercomments ?? '').trim();
  if (comments) {
    ensureRoom(40);
    page.text(MARGIN, y, 'Dealer Comments', { size: 13, font: 'bold' });
    y += 18;
    for (const line of wrapText(comments, width, 10)) {
      ensureRoom(14);
      page.text(MARGIN, y, line, { size: 10 });
      y += 14;
    }
    y += 10;
  }

  ensureRoom(80);
  page.line(MARGIN, y, page.width - MARGIN, y);
  y += 20;
  writeContact(page, y, input);
  return doc.toBytes();
}

function writeContact(page: PdfPage, y: number, { dealership, location, pageUrl }: ListingPdfInput) {
  page.text(MARGIN, y, dealership.name, { size: 12, font: 'bold' });
  if (location) {
    const a = location.address;
    page.text(MARGIN, y + 16, `${location.name}: ${a.street}, ${a.city} ${a.state} ${a.postcode}`, { size: 10 });
    if (location.contact_detail?.phone) page.text(MARGIN, y + 30, `Phone ${formatPhone(location.contact_detail.phone)}`, { size: 10 });
  }
  if (pageUrl) page.text(MARGIN, y + 48, pageUrl, { size: 9, color: GREY });
}
