// Typo counting as Meilisearch does it: Damerau-Levenshtein (a swap is one typo), a typo on the
// first letter counts as two, and the last query word may match the start of a longer word.

/** Allowed typos for a query word: 0 below oneTypo chars (default 5), 1 below twoTypos (default 9), else 2. */
export function allowedTypos(word: string, oneTypo: number, twoTypos: number): number {
  const length = [...word].length;
  if (length >= twoTypos) return 2;
  if (length >= oneTypo) return 1;
  return 0;
}

/**
 * Typos needed to turn `query` into `term` (or into a prefix of `term` when `prefix`),
 * or maxTypos + 1 when more than maxTypos are needed.
 */
/** A cell of a distance row; a cell outside the row counts as too far (the rows saturate at 255). */
const cell = (row: Uint8Array, j: number): number => row[j] ?? 255;

export function typoDistance(query: string, term: string, maxTypos: number, prefix: boolean): number {
  const over = maxTypos + 1;
  const m = query.length;
  const n = term.length;
  if (!prefix && Math.abs(m - n) > maxTypos) return over;
  if (prefix && n < m - maxTypos) return over;
  const firstLetterPenalty = m > 0 && n > 0 && query[0] !== term[0] ? 1 : 0;
  const budget = maxTypos - firstLetterPenalty;
  if (budget < 0) return over;
  // Only columns up to m + budget can matter for a prefix match.
  const cols = prefix ? Math.min(n, m + budget) : n;
  let prevPrev = new Uint8Array(cols + 1);
  let prev = new Uint8Array(cols + 1);
  let curr = new Uint8Array(cols + 1);
  for (let j = 0; j <= cols; j++) prev[j] = Math.min(j, 255);
  for (let i = 1; i <= m; i++) {
    curr[0] = i;
    let rowMin = cell(curr, 0);
    for (let j = 1; j <= cols; j++) {
      const cost = query[i - 1] === term[j - 1] ? 0 : 1;
      let v = Math.min(cell(prev, j) + 1, cell(curr, j - 1) + 1, cell(prev, j - 1) + cost);
      if (i > 1 && j > 1 && query[i - 1] === term[j - 2] && query[i - 2] === term[j - 1]) {
        v = Math.min(v, cell(prevPrev, j - 2) + 1);
      }
      curr[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > budget) return over;
    const t = prevPrev;
    prevPrev = prev;
    prev = curr;
    curr = t;
  }
  let distance: number;
  if (prefix) {
    distance = 255;
    for (const d of prev.subarray(0, cols + 1)) if (d < distance) distance = d;
  } else {
    distance = cell(prev, cols);
  }
  const total = distance + firstLetterPenalty;
  return total <= maxTypos ? total : over;
}
