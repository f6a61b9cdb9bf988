// Splits text into search words: lower case, accents removed, split on anything not a letter or digit.
// "Hilux SR5 4x4" -> ["hilux", "sr5", "4x4"].

const SEPARATORS = /[^\p{L}\p{N}]+/u;

function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(SEPARATORS)
    .filter((w) => w.length > 0);
}

/** Words of any document value: strings, numbers, and arrays or objects of them. */
export function wordsOfValue(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(...tokenize(value));
  else if (typeof value === 'number' && Number.isFinite(value)) out.push(...tokenize(String(value)));
  else if (Array.isArray(value)) for (const v of value) wordsOfValue(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) wordsOfValue(v, out);
  return out;
}
