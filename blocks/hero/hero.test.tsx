// The hero's picture: a darkened backdrop behind the text, or a whole picture beside it; either way the page's first
// fetch, with the sizes the screen picks from and its shape reserved.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';
import Hero from './index';

const render = (props: Record<string, unknown>) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Hero props={withBlockDefaults('hero', { heading: 'Drive away today', ...props })} slots={{}} data={undefined} block={{ id: 'hero', type: 'hero' }} />
    </MemoryRouter>,
  );

const imgOf = (html: string, className: string) => html.match(new RegExp(`<img [^>]*class="${className}"[^>]*>`))?.[0] ?? null;

describe('hero picture', () => {
  it('backdrop: cropped around the focal point staff set, the middle without one; no editor marker on the live site', () => {
    const img = imgOf(render({ image: '/media/models/mazda-cx-5.svg', imageFocus: { x: 30, y: 80 } }), 'hero-backdrop')!;
    expect(img).toContain('style="object-position:30% 80%"');
    expect(img).not.toContain('data-image-prop');
    expect(imgOf(render({ image: '/media/models/mazda-cx-5.svg' }), 'hero-backdrop')).not.toContain('style=');
  });

  it('side: the picture whole beside the text, with its alt text, eager and first, in every width it has', () => {
    const html = render({ image: '/media/models/mazda-cx-5.svg', imageLayout: 'side', imageAlt: 'A Mazda CX-5 SUV' });
    expect(html).toMatch(/^<div class="hero hero-tall hero-left hero-side">/);
    expect(html).not.toContain('hero-backdrop');
    const img = imgOf(html, 'hero-picture')!;
    expect(img).toContain('alt="A Mazda CX-5 SUV"');
    expect(img).toContain('width="800" height="600"');
    expect(img).toContain('loading="eager"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toMatch(/srcSet="\/media\/models\/mazda-cx-5-160w\.d\d+\.jpg 160w, .*-1600w\.d\d+\.jpg 1600w"/);
    expect(html).toContain('<source type="image/avif"');
    // the text comes first: a phone shows the picture under it
    expect(html.indexOf('<h1>')).toBeLessThan(html.indexOf('hero-picture'));
  });

  it('backdrop (the default): decorative, behind the text, also fetched first', () => {
    const html = render({ image: '/media/models/mazda-cx-5.svg', imageAlt: 'ignored' });
    expect(html).toMatch(/^<div class="hero hero-tall hero-left hero-image">/);
    const img = imgOf(html, 'hero-backdrop')!;
    expect(img).toContain('alt=""');
    expect(img).toContain('fetchPriority="high"');
    expect(html).not.toContain('hero-picture');
  });

  it('without a picture: the brand colours only, whatever the layout says', () => {
    const html = render({ imageLayout: 'side' });
    expect(html).toMatch(/^<div class="hero hero-tall hero-left">/);
    expect(html).not.toContain('<img');
  });
});
