// The carousel's controls live inside its provider; misuse fails loudly, naming the provider.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocationCarousel, useCarousel } from './LocationCarousel';

function Orphan() {
  const { edges } = useCarousel();
  return <span>{String(edges.atStart)}</span>;
}

describe('location carousel provider', () => {
  it('throws an error that names the provider when its state is read outside it', () => {
    expect(() => renderToStaticMarkup(<Orphan />)).toThrow('useCarousel() must be used inside <LocationCarousel> (the carousel provider)');
  });

  it('gives its controls the edges inside the provider: several slides start with Previous disabled', () => {
    const slides = [1, 2, 3, 4].map((n) => ({ key: n, node: <p>Card {n}</p> }));
    const html = renderToStaticMarkup(<LocationCarousel label="Our dealerships" slides={slides} />);
    expect(html).toMatch(/<button[^>]*aria-label="Previous locations" disabled=""/);
    expect(html).toMatch(/<button[^>]*aria-label="Next locations"(?![^>]*disabled)[^>]*>/);
    expect(html).toContain('Swipe');
  });
});
