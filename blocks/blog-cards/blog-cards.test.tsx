import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import BlogCards from './index';
import fixtures from './fixtures.json';

describe('blog cards', () => {
  it('cuts excerpts at 80 characters and shows dates as dd/mm/yyyy', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <BlogCards props={fixtures[0] as never} slots={{}} data={undefined} block={{ id: 'b', type: 'blog-cards' }} />
      </MemoryRouter>,
    );
    const excerpt = html.match(/<p>(.*?)<\/p>/)?.[1]?.replace(/&#x27;/g, "'");
    expect(excerpt).toBe("The CX-5 has long been one of Australia's favourite mid-size SUVs, and the lates...");
    expect(excerpt).toHaveLength(83);
    expect(html).toContain('<time dateTime="2026-10-02">02/10/2026</time>');
    expect(html).toContain('href="/blog/vehicle-reviews"');
  });
});
