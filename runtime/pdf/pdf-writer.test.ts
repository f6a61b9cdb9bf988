import { describe, expect, it } from 'vitest';
import { PdfDocument, pdfString, wrapText } from './pdf-writer';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('pdf writer', () => {
  it('writes a PDF whose cross-reference offsets point at each object', () => {
    const doc = new PdfDocument({ title: 'Test' });
    doc.addPage().text(40, 40, 'Hello (world)').line(40, 50, 200, 50);
    const out = text(doc.toBytes());
    expect(out.startsWith('%PDF-1.4')).toBe(true);
    expect(out.trimEnd().endsWith('%%EOF')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)/.exec(out)![1]);
    expect(out.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = out.slice(xrefAt).split('\n').slice(3).filter((l) => / n $/.test(l)).map((l) => Number(l.slice(0, 10)));
    offsets.forEach((offset, i) => expect(out.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(out).toContain('(Hello \\(world\\)) Tj');
  });

  it('stream lengths match their content', () => {
    const doc = new PdfDocument();
    doc.addPage().text(10, 10, 'Café $1,000');
    const out = text(doc.toBytes());
    const m = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(out)!;
    expect(m[2].length).toBe(Number(m[1]));
  });

  it('escapes WinAnsi characters and replaces what it cannot encode', () => {
    expect(pdfString('Café')).toBe('(Caf\\351)');
    expect(pdfString('a\\b')).toBe('(a\\\\b)');
    expect(pdfString('Dealer’s 😀')).toBe("(Dealer's ?)");
  });

  it('wraps long text into lines that fit', () => {
    const lines = wrapText('word '.repeat(100), 200, 10);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(Math.floor(200 / 5.2));
  });
});
