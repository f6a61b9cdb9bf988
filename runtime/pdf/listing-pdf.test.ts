// The listing PDF read back the way a PDF reader does (pdf.js): its text, including non-Latin characters, and the
// photo and logo it embeds.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { generateInventory } from '../inventory/generate';
import { NOW, SAMPLE_DEALERSHIPS } from '../../test-support/inventory';
import { vehicleTitle } from '../domain/vehicle';
import { carPhotoImage, siteImage } from './listing-images';
import { listingPdf } from './listing-pdf';
import { withSettingsDefaults } from '../../test-support/settings-defaults';

const car = generateInventory({ count: 40, seed: 3, dealerships: SAMPLE_DEALERSHIPS, now: NOW }).find(
  (c) => c.status === 'in_stock' && c.price > 0 && c.primary_image_url,
)!;
const location = {
  name: 'Ōtautahi Yard',
  address: { street: '1 Main St', city: 'Moorabbin', state: 'VIC' as const, postcode: '3189' },
  contact_detail: { phone: '0395552200', opening_hours: [] },
};

async function readPdf(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  let images = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    text += (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ') + '\n';
    images += (await page.getOperatorList()).fnArray.filter((op) => op === OPS.paintImageXObject).length;
  }
  return { text: text.replace(/\s+/g, ' '), images, pages: pdf.numPages, info: (await pdf.getMetadata()).info as Record<string, string> };
}

const priceSettings = withSettingsDefaults('vehicle').price;

describe('listing PDF (pdfkit)', () => {
  it('prints the title, price, finance figure, specs, comments and location, non-Latin text included', async () => {
    const comments = 'Ōtautahi pick-up available. Привет! Ελλάδα. Xe đẹp lắm. Dealer’s pick — “as new”.';
    const bytes = await listingPdf({
      car: { ...car, dealercomments: comments },
      dealership: { name: 'Big Sky Cars Moorabbin' },
      location,
      siteName: 'Big Sky Car Supermarket',
      priceSettings,
      pageUrl: `http://big-sky-cars.localhost/cars/${car.slug}`,
      financeText: 'Only $147 /wk*',
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, info } = await readPdf(bytes);
    expect(info.Title).toBe(`${vehicleTitle(car)} - Big Sky Car Supermarket`);
    expect(text).toContain(vehicleTitle(car));
    expect(text).toContain(`$${car.price.toLocaleString('en-AU')}`);
    expect(text).toContain('Only $147 /wk*');
    expect(text).toContain('Specifications');
    expect(text).toContain(comments);
    expect(text).not.toContain('?');
    expect(text).toContain('Ōtautahi Yard: 1 Main St, Moorabbin VIC 3189');
    expect(text).toContain('Phone 03 9555 2200');
  });

  it("embeds the car's photo and the site's logo as images", async () => {
    const photo = await carPhotoImage(car);
    const logo = await siteImage(join(import.meta.dirname, '../../public'), '/tenant-assets/big-sky-cars/logo.svg');
    expect(photo?.subarray(1, 4).toString()).toBe('PNG');
    expect(logo?.subarray(1, 4).toString()).toBe('PNG');
    const { images } = await readPdf(await listingPdf({ car, dealership: { name: 'X' }, siteName: 'Big Sky', priceSettings, photo, logo }));
    expect(images).toBe(2);
  });

  it('reads site images only from inside the client folder', async () => {
    const publicDir = join(import.meta.dirname, '../../public');
    expect(await siteImage(publicDir, '/../package.json')).toBeNull();
    expect(await siteImage(publicDir, '/%2e%2e/README.md')).toBeNull();
    expect(await siteImage(publicDir, '//evil.example/logo.svg')).toBeNull();
    expect(await siteImage(publicDir, '/tenant-assets/none.svg')).toBeNull();
  });
});
