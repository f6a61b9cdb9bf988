import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentWarnings } from '../../tenants/validate';
import { repoRoot } from '../../../test-support/tenants';
import { contrastRatio, themeContrastWarnings } from './contrast';

describe('theme contrast (WCAG 2.2 AA)', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ff6a13', '#ffffff')).toBeCloseTo(2.87, 2);
  });

  it('warns with the JSON path of the colour to change', () => {
    expect(themeContrastWarnings({ primary: '#ff6a13', logo: { url: '/x.svg' } })).toEqual([
      {
        path: 'theme.primaryText',
        message: 'contrast of text on the main brand colour (header, brand bands) (#ffffff on #ff6a13) is 2.86:1; WCAG AA needs at least 4.5:1',
      },
      {
        path: 'theme.primary',
        message: 'contrast of links and headings in the main brand colour on the page background (#ff6a13 on #ffffff) is 2.86:1; WCAG AA needs at least 4.5:1',
      },
      {
        path: 'theme.primary',
        message: 'contrast of links in the main brand colour on cards and bands (#ff6a13 on #f4f5f7) is 2.62:1; WCAG AA needs at least 4.5:1',
      },
    ]);
    expect(themeContrastWarnings({ primary: '#0b3d91', accent: '#00a3e0', accentText: '#ffffff', logo: { url: '/x.svg' } }).map((w) => w.path)).toEqual([
      'theme.accentText',
      'theme.accent',
    ]);
    expect(documentWarnings({ theme: { primary: '#0b3d91', text: '#aaaaaa', logo: { url: '/x.svg' } } }).map((w) => [w.path, w.code])).toEqual([
      ['theme.text', 'contrast'],
      ['theme.text', 'contrast'],
    ]);
  });

  it('every demo theme passes AA', () => {
    for (const file of readdirSync(join(repoRoot, 'tenants')).filter((f) => f.endsWith('.json'))) {
      const doc = JSON.parse(readFileSync(join(repoRoot, 'tenants', file), 'utf8'));
      expect([file, themeContrastWarnings(doc.theme)]).toEqual([file, []]);
    }
  });
});
