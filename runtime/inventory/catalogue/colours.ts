// Colour names as feeds write them, with the hex used to paint the generated photos.

export const EXTERIOR_COLOURS: Record<string, string> = {
  White: '#f2f3f1',
  'Glacier White': '#eef0ee',
  'Crystal Pearl': '#e9e7df',
  Silver: '#b9bdc2',
  'Silver Sky': '#a9b0b7',
  Grey: '#767b80',
  'Graphite Grey': '#4b4f54',
  'Machine Grey': '#8a8d8f',
  Black: '#1c1d20',
  'Eclipse Black': '#121316',
  Blue: '#1f4fa0',
  'Deep Blue': '#1b2f5e',
  'Saturn Blue': '#24407a',
  Red: '#b3161b',
  'Soul Red Crystal': '#9c0f17',
  'Emotional Red': '#a0141d',
  Orange: '#e0671c',
  Yellow: '#e9c21a',
  Green: '#2f6a3c',
  'Olive Green': '#5b6440',
  Bronze: '#8c6a44',
  Brown: '#5a3e2b',
  Beige: '#cbb994',
  Gold: '#b89a4c',
};

export const INTERIOR_COLOURS = ['Black', 'Black Cloth', 'Black Leather', 'Grey Cloth', 'Beige Leather', 'Tan Leather', 'Red Leather'];

/** Hex for a colour name; unknown names get a neutral grey (imports may carry any text). */
export function colourHex(name: string | null | undefined): string {
  if (!name) return '#8a8d8f';
  const exact = EXTERIOR_COLOURS[name];
  if (exact) return exact;
  const lower = name.toLowerCase();
  const base = Object.entries(EXTERIOR_COLOURS).find(([key]) => lower.includes(key.toLowerCase()));
  return base ? base[1] : '#8a8d8f';
}
