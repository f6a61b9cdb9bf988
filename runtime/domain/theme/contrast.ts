// Colour contrast of a site's theme (WCAG 2.2 AA): the validator warns about every pair the site's pages put together
// that falls short, with the JSON path of the colour to change, and the editor lists the warning with its problems.
import type { Theme } from '../../../schemas/generated/tenant';
import tenantSchema from '../../../schemas/tenant.schema.json';

/** WCAG relative luminance of a #rrggbb colour. */
function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  const [hi, lo] = [Math.max(la, lb), Math.min(la, lb)];
  return (hi + 0.05) / (lo + 0.05);
}

type Key = 'primary' | 'primaryText' | 'accent' | 'accentText' | 'background' | 'surface' | 'text';

const themeSchema = tenantSchema.definitions.theme.properties as Record<string, { default?: unknown }>;

/**
 * A theme colour as the site shows it: the theme's own, else the schema's default (a draft in the editor or a
 * document not yet validated may leave one out; the validator fills the same default in).
 */
export function themeColour(theme: Record<string, unknown>, key: Key): string | undefined {
  const colour = theme[key] ?? themeSchema[key]?.default;
  return typeof colour === 'string' ? colour : undefined;
}

/** The pairs the site's stylesheet puts together: [foreground, background, minimum ratio, what it is]. */
export const THEME_PAIRS: readonly [Key, Key, number, string][] = [
  ['text', 'background', 4.5, 'body text on the page background'],
  ['text', 'surface', 4.5, 'body text on cards and bands'],
  ['primaryText', 'primary', 4.5, 'text on the main brand colour (header, brand bands)'],
  ['accentText', 'accent', 4.5, 'text on the accent colour (buttons, banners)'],
  ['primary', 'background', 4.5, 'links and headings in the main brand colour on the page background'],
  ['primary', 'surface', 4.5, 'links in the main brand colour on cards and bands'],
  ['accent', 'background', 3, 'prices, icons and large figures in the accent colour on the page background'],
];

export interface ContrastWarning {
  /** JSON path of the colour to change, e.g. theme.primary. */
  path: string;
  message: string;
}

/** A warning for each theme colour pair below WCAG AA; with `involving`, only the pairs that use that colour (the
 *  editor's warning at a colour field, so editor and CI agree). */
export function themeContrastWarnings(theme: Partial<Theme>, involving?: string): ContrastWarning[] {
  const valid = (c: string | undefined): c is string => typeof c === 'string' && /^#[0-9a-fA-F]{6}$/.test(c);
  const warnings: ContrastWarning[] = [];
  for (const [fg, bg, minimum, what] of THEME_PAIRS) {
    if (involving !== undefined && fg !== involving && bg !== involving) continue;
    const a = themeColour(theme, fg);
    const b = themeColour(theme, bg);
    if (!valid(a) || !valid(b)) continue;
    const ratio = contrastRatio(a, b);
    if (ratio < minimum) {
      warnings.push({
        path: `theme.${fg}`,
        message: `contrast of ${what} (${a} on ${b}) is ${Math.floor(ratio * 100) / 100}:1; WCAG AA needs at least ${minimum}:1`,
      });
    }
  }
  return warnings;
}
