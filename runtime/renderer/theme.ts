// The tenant's theme as CSS custom properties: one stylesheet serves every site, the document chooses the look.
import type { Theme } from '../../schemas/generated/tenant';

const fonts: Record<string, string> = {
  sans: "'Helvetica Neue', Arial, 'Liberation Sans', sans-serif",
  serif: "Georgia, 'Times New Roman', 'Liberation Serif', serif",
  condensed: "'Arial Narrow', 'Roboto Condensed', 'Liberation Sans Narrow', Arial, sans-serif",
  rounded: "'Trebuchet MS', 'Verdana', 'DejaVu Sans', sans-serif",
};

const colour = /^#[0-9a-fA-F]{6}$/;
// Values are schema-validated already; this keeps a bad value from ever breaking out of the style element.
const safe = (value: string | undefined, fallback: string) => (value && colour.test(value) ? value : fallback);

// One stylesheet per theme object (a document's; an edit or publish makes a new one): every page of a site has it.
const cssOfTheme = new WeakMap<Theme, string>();

export function themeCss(theme: Theme): string {
  let css = cssOfTheme.get(theme);
  if (css === undefined) cssOfTheme.set(theme, (css = themeStylesheet(theme)));
  return css;
}

function themeStylesheet(theme: Theme): string {
  const vars = {
    '--primary': safe(theme.primary, '#0b3d91'),
    '--primary-text': safe(theme.primaryText, '#ffffff'),
    '--accent': safe(theme.accent, '#e4002b'),
    '--accent-text': safe(theme.accentText, '#ffffff'),
    '--bg': safe(theme.background, '#ffffff'),
    '--surface': safe(theme.surface, '#f4f5f7'),
    '--text': safe(theme.text, '#1d1f23'),
    '--radius': `${Math.max(0, Math.min(24, theme.radius ?? 6))}px`,
    '--font': fonts[theme.font ?? 'sans'] ?? fonts.sans,
  };
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}
