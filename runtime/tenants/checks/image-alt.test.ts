import { describe, expect, it } from 'vitest';
import tenantSchema from '../../../schemas/tenant.schema.json';
import { loadTenant } from '../load';
import { validateTenantDocument } from '../validate';
import { ALT_BLANK, ALT_MISSING } from './image-alt';
import { join } from 'node:path';

const root = join(__dirname, '../../..');
const harbourside = () => {
  const t = loadTenant(join(root, 'tenants/harbourside-mazda.json'), join(root, 'tenants/templates'));
  if (!t.ok) throw new Error('the demo tenant must load');
  return structuredClone(t.doc) as unknown as { pages: Record<string, { blocks: { id: string; type: string; props: Record<string, unknown> }[] }> };
};
const withBlock = (props: Record<string, unknown>, type = 'rich-text') => {
  const doc = harbourside();
  const home = doc.pages['/'];
  if (!home) throw new Error('the demo tenant has a home page');
  home.blocks.push({ id: 'alt-probe', type, props });
  return { doc, path: `pages["/"].blocks[${home.blocks.length - 1}].props` };
};
const altProblems = (doc: unknown) => {
  const r = validateTenantDocument(doc);
  return r.ok ? [] : r.problems.filter((p) => p.code === 'image-alt');
};

describe('image-alt check', () => {
  it('asks for a description of a content image, at the alt prop', () => {
    const { doc, path } = withBlock({ body: 'Text', image: '/uploads/ab12/car.jpg' });
    expect(altProblems(doc)).toEqual([{ path: `${path}.imageAlt`, message: `${ALT_MISSING} (in block "alt-probe")`, code: 'image-alt' }]);
  });

  it('accepts a description, or an explicit empty one (decorative), and no image at all', () => {
    expect(altProblems(withBlock({ body: 'T', image: '/uploads/ab12/car.jpg', imageAlt: 'A red Mazda 3' }).doc)).toEqual([]);
    expect(altProblems(withBlock({ body: 'T', image: '/uploads/ab12/car.jpg', imageAlt: '' }).doc)).toEqual([]);
    expect(altProblems(withBlock({ body: 'T' }).doc)).toEqual([]);
  });

  it('refuses a description of only spaces', () => {
    const { doc, path } = withBlock({ body: 'T', image: '/uploads/ab12/car.jpg', imageAlt: '   ' });
    expect(altProblems(doc)).toEqual([{ path: `${path}.imageAlt`, message: `${ALT_BLANK} (in block "alt-probe")`, code: 'image-alt' }]);
  });

  it("knows a hero's backdrop is decoration and its side picture is content", () => {
    expect(altProblems(withBlock({ heading: 'Hi', image: '/uploads/ab12/car.jpg' }, 'hero').doc)).toEqual([]);
    const { doc, path } = withBlock({ heading: 'Hi', image: '/uploads/ab12/car.jpg', imageLayout: 'side' }, 'hero');
    expect(altProblems(doc).map((p) => p.path)).toEqual([`${path}.imageAlt`]);
  });

  it('checks the images of list items (promotion cards) by their own alt prop', () => {
    const { doc, path } = withBlock(
      {
        cards: [
          { id: 'a', title: 'A', image: '/uploads/ab12/a.jpg' },
          { id: 'b', title: 'B', image: '/b.jpg', imageAlt: 'B' },
        ],
      },
      'promotion-cards',
    );
    expect(altProblems(doc).map((p) => p.path)).toEqual([`${path}.cards[0].imageAlt`]);
  });

  it('asks for a description of the site logo and of a location photo, at the settings field, and takes decorative', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test edits the document's settings by path
    const doc = harbourside() as any;
    delete doc.theme.logo.alt;
    const location = doc.dealerships[0].locations[0];
    location.image = '/uploads/ab12/showroom.jpg';
    delete location.imageAlt;
    expect(altProblems(doc)).toEqual([
      { path: 'theme.logo.alt', message: ALT_MISSING, code: 'image-alt' },
      { path: 'dealerships[0].locations[0].imageAlt', message: ALT_MISSING, code: 'image-alt' },
    ]);
    const described = structuredClone(doc);
    described.theme.logo.alt = 'Harbourside Mazda logo';
    described.dealerships[0].locations[0].imageAlt = '';
    expect(altProblems(described)).toEqual([]);
    described.dealerships[0].locations[0].imageAlt = '  ';
    expect(altProblems(described)).toEqual([{ path: 'dealerships[0].locations[0].imageAlt', message: ALT_BLANK, code: 'image-alt' }]);
  });

  it('the schema marks the content images it checks', () => {
    const defs = (tenantSchema as unknown as { definitions: Record<string, { properties: { props: { properties: Record<string, unknown> } } }> }).definitions;
    expect(defs.block_rich_text?.properties.props.properties.image).toMatchObject({ 'x-alt': 'imageAlt' });
  });
});
