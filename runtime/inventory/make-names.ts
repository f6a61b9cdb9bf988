// seed 000 §9: feeds spell some makes differently from how the site shows them.

/** Feed spelling (lower case) -> make shown on the site. A setting: pass your own table to extend it. */
export const DEFAULT_MAKE_ALIASES: Readonly<Record<string, string>> = {
  'suzuki australia': 'Suzuki',
  'isuzu ute': 'Isuzu',
  'mercedes benz': 'Mercedes-Benz',
};

/** The make name the site shows for a make name as a feed wrote it. */
export function normaliseMake(raw: string, aliases: Readonly<Record<string, string>> = DEFAULT_MAKE_ALIASES): string {
  const trimmed = raw.trim().replace(/\s+/g, ' ');
  return aliases[trimmed.toLowerCase()] ?? trimmed;
}

/** Feed spellings of a shown make, used to put the seed's raw cases into generated feed data. */
export function feedSpellingsOf(make: string, aliases: Readonly<Record<string, string>> = DEFAULT_MAKE_ALIASES): string[] {
  return Object.entries(aliases)
    .filter(([, shown]) => shown === make)
    .map(([feed]) => feed.replace(/\b\w/g, (c) => c.toUpperCase()).replace(/\bUte\b/, 'UTE'));
}
