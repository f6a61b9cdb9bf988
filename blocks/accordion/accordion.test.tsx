import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import AccordionBlock from './index';

// biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
const render = (props: any) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <AccordionBlock props={props} slots={{}} data={undefined} block={{ id: 'faq', type: 'accordion' }} />
    </MemoryRouter>,
  );

describe('accordion block', () => {
  it('renders every item closed, as buttons controlling their panels, with the text in the page', () => {
    const html = render({
      heading: 'FAQs',
      items: [
        { title: 'Q1', body: 'A **bold** answer' },
        { title: 'Q2', body: '- one\n- two' },
      ],
    });
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(2);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toMatch(/<h2 id="faq-heading">FAQs<\/h2>/);
    expect(html.match(/<h3 class="faq-question">/g)).toHaveLength(2);
  });

  it('opens the first item when asked', () => {
    const html = render({
      items: [
        { title: 'Q1', body: 'A' },
        { title: 'Q2', body: 'B' },
      ],
      firstOpen: true,
    });
    expect(html.match(/aria-expanded="true"/g)).toHaveLength(1);
    // Without a heading above them, the titles are the section's h2s (no skipped heading level).
    expect(html.match(/<h2 class="faq-question">/g)).toHaveLength(2);
  });

  it('escapes HTML and drops unsafe links in the text', () => {
    const html = render({ items: [{ title: '<b>t</b>', body: '<img src=x onerror=alert(1)> [x](javascript:alert(1))' }] });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>t</b>');
    expect(html).not.toContain('javascript:');
  });
});
