// A small PDF 1.4 writer: pages of text (the standard Helvetica fonts, WinAnsi) and lines/rectangles.
// Enough for a printable listing without a PDF package; output opens in every viewer.

export type PdfFont = 'regular' | 'bold';

export interface PdfTextOptions {
  size?: number;
  font?: PdfFont;
  /** RGB 0..1 */
  color?: [number, number, number];
}

const FONT_RESOURCE: Record<PdfFont, string> = { regular: 'F1', bold: 'F2' };

/** Text as a PDF literal string: WinAnsi bytes, with \ ( ) escaped and anything unencodable as '?'. */
export function pdfString(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    const mapped = code === 0x2019 || code === 0x2018 ? 0x27 : code === 0x2013 || code === 0x2014 ? 0x2d : code;
    if (mapped === 0x5c || mapped === 0x28 || mapped === 0x29) out += `\\${String.fromCharCode(mapped)}`;
    else if (mapped >= 0x20 && mapped < 0x7f) out += String.fromCharCode(mapped);
    else if (mapped >= 0xa0 && mapped <= 0xff) out += `\\${mapped.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `(${out})`;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

// Average Helvetica glyph widths (per 1000 units) for wrapping: close enough for line breaking.
const AVERAGE_WIDTH: Record<PdfFont, number> = { regular: 520, bold: 560 };

/** Splits text into lines no wider than maxWidth points at the given size. */
export function wrapText(text: string, maxWidth: number, size: number, font: PdfFont = 'regular'): string[] {
  const perChar = (AVERAGE_WIDTH[font] / 1000) * size;
  const maxChars = Math.max(1, Math.floor(maxWidth / perChar));
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (candidate.length <= maxChars) line = candidate;
      else {
        if (line) lines.push(line);
        line = word.length > maxChars ? word.slice(0, maxChars) : word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export class PdfPage {
  private ops: string[] = [];
  constructor(
    readonly width = 595.28, // A4
    readonly height = 841.89,
  ) {}

  /** Text with its baseline at (x, y), y measured from the top of the page. */
  text(x: number, y: number, text: string, options: PdfTextOptions = {}): this {
    const [r, g, b] = options.color ?? [0, 0, 0];
    const size = options.size ?? 11;
    this.ops.push(`BT ${num(r)} ${num(g)} ${num(b)} rg /${FONT_RESOURCE[options.font ?? 'regular']} ${num(size)} Tf ${num(x)} ${num(this.height - y)} Td ${pdfString(text)} Tj ET`);
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.75, color: [number, number, number] = [0.8, 0.8, 0.8]): this {
    this.ops.push(`${num(width)} w ${color.map(num).join(' ')} RG ${num(x1)} ${num(this.height - y1)} m ${num(x2)} ${num(this.height - y2)} l S`);
    return this;
  }

  rect(x: number, y: number, w: number, h: number, fill: [number, number, number]): this {
    this.ops.push(`${fill.map(num).join(' ')} rg ${num(x)} ${num(this.height - y - h)} ${num(w)} ${num(h)} re f`);
    return this;
  }

  content(): string {
    return this.ops.join('\n');
  }
}

export class PdfDocument {
  readonly pages: PdfPage[] = [];
  constructor(private readonly info: { title?: string; author?: string } = {}) {}

  addPage(): PdfPage {
    const page = new PdfPage();
    this.pages.push(page);
    return page;
  }

  /** The finished file. */
  toBytes(): Uint8Array {
    const objects: string[] = [];
    const add = (body: string) => objects.push(body) as number; // object number = index + 1
    add('<< /Type /Catalog /Pages 2 0 R >>');
    add(''); // pages tree, filled below
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    const infoParts = [
      this.info.title ? `/Title ${pdfString(this.info.title)}` : '',
      this.info.author ? `/Author ${pdfString(this.info.author)}` : '',
      '/Producer (Dealer sites)',
    ].filter(Boolean);
    const infoRef = add(`<< ${infoParts.join(' ')} >>`);
    const kids: number[] = [];
    for (const page of this.pages) {
      const content = page.content();
      const contentRef = add(`<< /Length ${latin1Length(content)} >>\nstream\n${content}\nendstream`);
      kids.push(
        add(
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
            `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentRef} 0 R >>`,
        ),
      );
    }
    objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

    let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(latin1Length(out));
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = latin1Length(out);
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
    out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoRef} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return latin1Bytes(out);
  }
}

// Every character written is a single byte (pdfString escapes the rest), so the file is Latin-1.
function latin1Length(text: string): number {
  return text.length;
}

function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}
