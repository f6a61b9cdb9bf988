// The slider's pictures in the editor's preview name their slide by its place in the props, so an image dropped on
// one replaces that slide's image even when expired slides before it are not shown; the live site marks nothing.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { SiteContext } from '../../runtime/renderer/site-context';
import { InlineEditContext } from '../../runtime/ui/inline-edit';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';
import { allSettingsWithDefaults } from '../../test-support/settings-defaults';
import PromotionsSlider from './index';

const site = { slug: 't', name: 'T', settings: allSettingsWithDefaults(), dealerships: [], pages: {} } as unknown as TenantDocument;
const slide = (id: string) => ({ id, name: id, image: `/media/${id}.svg`, imageAlt: '' });

function render(editing: boolean) {
  return renderToString(
    <MemoryRouter>
      <SiteContext.Provider value={site}>
        <InlineEditContext.Provider value={editing}>
          <PromotionsSlider
            props={withBlockDefaults('promotions-slider', { slides: [slide('expired'), slide('spring'), slide('winter')] })}
            slots={{}}
            data={{ live: [false, true, true] }}
            block={{ id: 'offers-slider', type: 'promotions-slider' }}
          />
        </InlineEditContext.Provider>
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

describe('promotions slider pictures in the editor', () => {
  it("mark each shown slide's image prop by its place in the slides", () => {
    expect([...render(true).matchAll(/data-image-prop="([^"]+)"/g)].map((m) => m[1])).toEqual(['slides.1.image', 'slides.2.image']);
  });

  it('mark nothing on the live site', () => {
    expect(render(false)).not.toContain('data-image-prop');
  });
});
