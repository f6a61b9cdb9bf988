import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Pagination, pageWindow } from './Pagination';

describe('pagination (car search and model directory)', () => {
  it('keeps the first and last page reachable around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });

  it('renders links with real addresses, the current page marked, and nothing for one page', () => {
    const html = renderToStaticMarkup(<Pagination page={1} totalPages={3} hrefOf={(p) => `?page=${p}`} onPage={() => {}} label="Model pages" />);
    expect(html).toContain('aria-label="Model pages"');
    expect(html).toContain('<span aria-current="page">1</span>');
    expect(html).toContain('href="?page=2"');
    expect(html).toContain('aria-disabled="true">Previous');
    expect(renderToStaticMarkup(<Pagination page={1} totalPages={1} hrefOf={String} onPage={() => {}} label="x" />)).toBe('');
  });
});
