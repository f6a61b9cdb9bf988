// The site's stylesheets keep to the type scale (site.css): every font size is a --text-* token (or a clamp between two)
// and every weight is 400 or 700, so a page's first layout looks up a handful of fonts (docs/performance.md#the-type-scale).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

/** Every stylesheet a shopper's page can load: the blocks' and the runtime's (the editor's own UI is not a site page). */
function siteStylesheets(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.css')) found.push(path);
    }
  };
  walk(join(root, 'blocks'));
  walk(join(root, 'runtime'));
  return found;
}

/** Each declaration of `property` as `file: value`, print rules left out (paper is not a screen's first layout). */
function declarations(property: string): string[] {
  const found: string[] = [];
  for (const file of siteStylesheets()) {
    const css = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/@media print\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
    for (const match of css.matchAll(new RegExp(`(?<![-\\w])${property}\\s*:\\s*([^;}]+)`, 'g'))) found.push(`${relative(root, file)}: ${match[1]!.trim()}`);
  }
  return found;
}

const TOKEN = String.raw`var\(--text-(?:xs|sm|base|md|lg|xl|[2-6]xl)\)`;
const SIZE = new RegExp(String.raw`^(?:${TOKEN}|clamp\(${TOKEN}, [\d.]+vw, ${TOKEN}\)|inherit|0)$`);

describe('the type scale', () => {
  it('defines each token once, in site.css, in rising order', () => {
    const site = readFileSync(join(root, 'runtime/renderer/styles/site.css'), 'utf8');
    const tokens = [...site.matchAll(/--text-([a-z0-9]+):\s*([\d.]+)rem/g)].map((m) => [m[1], Number(m[2])] as const);
    expect(tokens.map(([name]) => name)).toEqual(['xs', 'sm', 'base', 'md', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl']);
    expect(tokens.map(([, rem]) => rem)).toEqual(tokens.map(([, rem]) => rem).sort((a, b) => a - b));
  });

  it('gives every font size from the scale (the root size aside)', () => {
    const sizes = declarations('font-size');
    expect(sizes.length).toBeGreaterThan(150);
    const off = sizes.filter((d) => !SIZE.test(d.slice(d.indexOf(': ') + 2)) && d !== 'runtime/renderer/styles/site.css: 16px');
    expect(off).toEqual([]);
  });

  it('sets weights 400 and 700 only', () => {
    const weights = declarations('font-weight');
    expect(weights.length).toBeGreaterThan(100);
    expect(weights.filter((d) => !/: (?:400|700|normal|bold|inherit)$/.test(d))).toEqual([]);
    // the shorthand only inherits (a size or weight in it would escape the two checks above)
    expect(declarations('font').filter((d) => !d.endsWith(': inherit'))).toEqual([]);
  });
});
