import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveTenantFile } from '../tenants/resolve';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { validateTenantDocument } from '../tenants/validate';
import { renderPage } from './entry-server';

const assets = { forBlocks: () => ({ script: '/assets/entry.js', styles: [], modulePreloads: [] }) };

function docWithBlocks(blocks: unknown[]) {
  const dir = tempTenantsDir({ 'test-motors': minimalTenant('test-motors', { pages: { '/': { title: 'Home', blocks } } }) });
  const result = validateTenantDocument(resolveTenantFile(join(dir, 'test-motors.json'), join(dir, 'templates')));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.doc;
}

async function render(doc: ReturnType<typeof docWithBlocks>, path = '/') {
  const logs: string[] = [];
  const result = await renderPage({ tenant: doc, log: (m) => logs.push(m) }, new URL(`http://test-motors.localhost${path}`), assets);
  // The one-pass render gives bytes, the streaming render a string.
  const html = String(result.body);
  return { status: result.status, html, logs };
}

describe('renderPage', () => {
  it('renders blocks in order, with slots, on the server', async () => {
    const doc = docWithBlocks([
      { id: 'hero', type: 'hero', props: { heading: 'First' } },
      {
        id: 'cols',
        type: 'columns',
        props: {},
        slots: {
          main: [{ id: 'main-text', type: 'rich-text', props: { body: 'In the main column' } }],
          side: [{ id: 'side-text', type: 'rich-text', props: { body: 'In the side column' } }],
        },
      },
    ]);
    const { status, html } = await render(doc);
    expect(status).toBe(200);
    expect(html.indexOf('First')).toBeLessThan(html.indexOf('In the main column'));
    expect(html).toMatch(/column-main">.*In the main column.*<\/div><aside class="column column-side">.*In the side column/s);
    // Everything is in line, in order: nothing waits for a script to be revealed.
    expect(html).not.toContain('$RC');
    expect(html).not.toContain('hidden id="S:');
  });

  it("puts a columns block's lead first, then the side column, then the rest of the main column; an empty lead changes nothing", async () => {
    const text = (id: string, body: string) => ({ id, type: 'rich-text', props: { body } });
    const doc = docWithBlocks([
      {
        id: 'with-lead',
        type: 'columns',
        props: {},
        slots: { lead: [text('lead', 'The lead')], main: [text('rest', 'The rest')], side: [text('side', 'The side')] },
      },
      { id: 'empty-lead', type: 'columns', props: {}, slots: { lead: [], main: [text('main-2', 'Main two')], side: [text('side-2', 'Side two')] } },
    ]);
    const { html } = await render(doc);
    expect(html).toMatch(
      /class="container columns columns-2-1 columns-with-lead"><div class="column column-lead">.*The lead.*<aside class="column column-side">.*The side.*<\/aside><div class="column column-main">.*The rest/s,
    );
    expect(html).toMatch(
      /class="container columns columns-2-1"><div class="column column-main">.*Main two.*<\/div><aside class="column column-side">.*Side two/s,
    );
    expect(html).not.toMatch(/column-lead">(<!-- -->)?<\/div>/);
  });

  it('contains a failing block: a notice in its place, the rest of the page renders, the log names the block', async () => {
    const doc = docWithBlocks([
      { id: 'before', type: 'rich-text', props: { body: 'Before the broken block' } },
      { id: 'broken-hero', type: 'hero', props: { heading: 'Broken' } },
      { id: 'after', type: 'rich-text', props: { body: 'After the broken block' } },
    ]);
    // A document the schema would refuse, as a bug in a block would look: the component throws while rendering.
    (doc.pages['/']?.blocks[1]?.props as Record<string, unknown>).buttons = 'not a list';
    const { status, html, logs } = await render(doc);
    expect(status).toBe(200);
    expect(html).toContain('Before the broken block');
    expect(html).toContain('After the broken block');
    expect(html).toContain('This section could not be shown.');
    expect(logs.join('\n')).toContain('render error (tenant test-motors, page /, block broken-hero of type hero)');
  });

  it('gives the page title and description to the document head', async () => {
    const doc = docWithBlocks([{ id: 'hero', type: 'hero', props: { heading: 'x' } }]);
    const { html } = await render(doc, '/about-us');
    expect(html).toMatch(/<head>.*<title>About Us \| Test Motors<\/title>.*<\/head>/s);
    expect(html).toContain('<meta name="description" content="A family of car people who look after their customers."/>');
  });
});
