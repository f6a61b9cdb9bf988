import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { SiteContext } from '../../runtime/renderer/site-context';
import PopupPromotion from './index';
import { popupClosedKey, rememberClosed, wasClosed } from './popup-state';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';

describe('popup promotion', () => {
  it('server-renders a closed dialog with image, title, description and button (it opens in the browser)', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SiteContext.Provider value={{ slug: 'outback' } as TenantDocument}>
          <PopupPromotion
            props={withBlockDefaults('popup-promotion', {
              src: '/media/cars/2/0.svg',
              title: 'Expo Weekend',
              description: 'Show prices.',
              buttonText: 'See the Vans',
              linkTo: '/search/caravan',
            })}
            slots={{}}
            data={undefined}
            block={{ id: 'popup', type: 'popup-promotion' }}
          />
        </SiteContext.Provider>
      </MemoryRouter>,
    );
    expect(html).toMatch(/^<dialog class="popup-promotion" aria-labelledby="popup-title">/);
    expect(html).not.toContain(' open');
    expect(html).toContain('aria-label="Close"');
    // the drawn photo as its responsive variants: sized, lazy, AVIF/WebP first
    expect(html).toContain('<source type="image/avif" srcSet="/media/cars/2/0-160w.d2.avif 160w,');
    expect(html).toMatch(
      /<img src="\/media\/cars\/2\/0-640w\.d2\.jpg" srcSet="[^"]+" sizes="[^"]+" alt="" width="600" height="400" loading="lazy" decoding="async" class="popup-promotion-image"/,
    );
    expect(html).toContain('<h2 id="popup-title">Expo Weekend</h2>');
    expect(html).toContain('<p>Show prices.</p>');
    expect(html).toContain('href="/search/caravan"');
  });

  it('the closed state is kept per site and per popup; storage that fails means it shows again', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const key = popupClosedKey('big-sky-cars', 'home-popup');
    expect(key).toBe('big-sky-cars:popup-closed:home-popup');
    expect(wasClosed(storage, key)).toBe(false);
    rememberClosed(storage, key);
    expect(wasClosed(storage, key)).toBe(true);
    expect(wasClosed(storage, popupClosedKey('harbourside-mazda', 'home-popup'))).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberClosed(broken, key)).not.toThrow();
    expect(wasClosed(broken, key)).toBe(false);
    expect(wasClosed(undefined, key)).toBe(false);
  });
});
