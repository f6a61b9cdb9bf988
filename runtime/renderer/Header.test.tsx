// @vitest-environment jsdom
// Mega-menu images sit in a hidden panel, where lazy images never load: they load once the shopper is about to open
// a panel (pointer over the menu bar, focus in it, the phone's Menu button), so they are there when it opens.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { siteRangeMenu } from '../page-data/range-menu';
import { loadTenant } from '../tenants/load';
import { repoRoot } from '../../test-support/tenants';
import { ChromeContext } from './chrome-context';
import { Header, ONE_ROW_MENU_MIN_WIDTH } from './Header';
import { publicSite, SiteContext } from './site-context';

const loaded = loadTenant(join(repoRoot, 'tenants', 'harbourside-mazda.json'), join(repoRoot, 'tenants/templates'));
if (!loaded.ok) throw new Error('harbourside-mazda does not load');
const doc = loaded.doc;

afterEach(cleanup);

function renderHeader() {
  return render(
    <StaticRouter location="/">
      <SiteContext.Provider value={publicSite(doc)}>
        <ChromeContext.Provider value={{ range: siteRangeMenu(doc) }}>
          <Header />
        </ChromeContext.Provider>
      </SiteContext.Provider>
    </StaticRouter>,
  );
}

const megaImages = (container: HTMLElement) => [...container.querySelectorAll<HTMLImageElement>('.mega-menu img')];

describe('mega-menu images', { timeout: 30_000 }, () => {
  it('wait while the panel is closed and nobody is near it', () => {
    const { container } = renderHeader();
    const images = megaImages(container);
    expect(images.length).toBeGreaterThan(3);
    expect(images.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
  });
  it('load when the pointer comes over the menu bar, before a panel opens', () => {
    const { container } = renderHeader();
    fireEvent.pointerEnter(container.querySelector('nav#site-menu')!);
    expect(container.querySelector('.mega-menu')!.hasAttribute('hidden')).toBe(true);
    expect(megaImages(container).every((img) => img.getAttribute('loading') === 'eager')).toBe(true);
  });
  it('load when the keyboard focuses its trigger', () => {
    const { container } = renderHeader();
    fireEvent.focus(container.querySelector('.nav-item.has-mega .nav-trigger')!);
    expect(megaImages(container).every((img) => img.getAttribute('loading') === 'eager')).toBe(true);
  });
  it("load when the phone's Menu button is pressed", () => {
    const { container } = renderHeader();
    fireEvent.pointerDown(container.querySelector('.menu-toggle')!);
    expect(megaImages(container).every((img) => img.getAttribute('loading') === 'eager')).toBe(true);
  });
});

describe('where the menu goes behind the Menu button', () => {
  it('is one width for the stylesheet and for hover menus', () => {
    const css = readFileSync(join(repoRoot, 'runtime/renderer/styles/site.css'), 'utf8');
    const collapse = css.match(/@media \(max-width: (\d+)px\) \{\s*\.menu-toggle \{ display: block; \}/);
    expect(collapse, 'the media query that shows the Menu button').not.toBeNull();
    expect(Number(collapse![1]) + 1).toBe(ONE_ROW_MENU_MIN_WIDTH);
  });
});
