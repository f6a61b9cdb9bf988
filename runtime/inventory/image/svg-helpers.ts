// Tiny helpers to write SVG text: rounded numbers, colour shading, polygons.

export type Point = [number, number];

/** One decimal is plenty for an 800x600 drawing and keeps the text short. */
export const num = (n: number): string => String(Math.round(n * 10) / 10);

const pointsAttr = (points: Point[]): string => points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ');

export function polygon(points: Point[], fill: string, extra = ''): string {
  return `<polygon points="${pointsAttr(points)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(Math.abs(rx))}" ry="${num(Math.abs(ry))}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
}

function hexToRgb(hex: string): [number, number, number] {
  const clean = hex.replace('#', '');
  const full =
    clean.length === 3
      ? clean
          .split('')
          .map((c) => c + c)
          .join('')
      : clean.padEnd(6, '0').slice(0, 6);
  const value = parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Darkens (factor < 1) or lightens (factor > 1) a hex colour. */
export function shade(hex: string, factor: number): string {
  const [r, g, b] = hexToRgb(hex);
  const adjust = (c: number) => {
    const v = factor <= 1 ? c * factor : c + (255 - c) * (factor - 1);
    return Math.max(0, Math.min(255, Math.round(v)));
  };
  return '#' + [r, g, b].map((c) => adjust(c).toString(16).padStart(2, '0')).join('');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const VIEW_WIDTH = 800;
export const VIEW_HEIGHT = 600;

/** Wraps drawing elements into a complete SVG document. */
/** `data` becomes data-* attributes of the root (what the drawing shows, for tests and tools). */
export function svgDocument(body: string, width: number, title: string, data: Record<string, string> = {}): string {
  const height = Math.round((width * VIEW_HEIGHT) / VIEW_WIDTH);
  const attributes = Object.entries(data)
    .map(([key, value]) => ` data-${key}="${escapeXml(value)}"`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}" role="img" aria-label="${escapeXml(title)}"${attributes}><title>${escapeXml(title)}</title>${body}</svg>`;
}

/** A studio floor shadow: dark under the vehicle, fading out at its edges (a blur without a filter). */
export function softShadow(cx: number, cy: number, rx: number, ry: number): string {
  return (
    '<defs><radialGradient id="soft-shadow"><stop offset="0" stop-color="#000" stop-opacity="0.42"/><stop offset="0.6" stop-color="#000" stop-opacity="0.22"/>' +
    '<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>' +
    ellipse(cx, cy, rx, ry, 'url(#soft-shadow)')
  );
}
