// A deliberately tiny text format for dealer-written copy: paragraphs, '- ' lists, **bold**, *italic* and
// [label](href). It produces data, not HTML, so nothing a dealer types can ever run in a shopper's browser.
export type Inline = { kind: 'text' | 'bold' | 'italic'; text: string } | { kind: 'link'; text: string; href: string };
export type Paragraph = { kind: 'p'; inlines: Inline[] } | { kind: 'ul'; items: Inline[][] };

const SAFE_HREF = /^(\/(?!\/)|https?:\/\/|mailto:|tel:|#)/i;

/** Whether a link may go into dealer-written copy: a page of the site, a web address, mail, a phone number or an anchor. */
export const isSafeHref = (href: string) => SAFE_HREF.test(href);

export function parseInlines(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    // One of the three alternatives matched: bold, italic, or a link's label and address.
    const [, bold, italic, label = '', href = ''] = m;
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    if (bold !== undefined) out.push({ kind: 'bold', text: bold });
    else if (italic !== undefined) out.push({ kind: 'italic', text: italic });
    else if (isSafeHref(href)) out.push({ kind: 'link', text: label, href });
    else out.push({ kind: 'text', text: label }); // javascript: and other schemes lose their link
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

export function parseMarkup(body: string): Paragraph[] {
  return body
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk): Paragraph => {
      const lines = chunk.split('\n');
      if (lines.every((l) => /^\s*-\s+/.test(l))) return { kind: 'ul', items: lines.map((l) => parseInlines(l.replace(/^\s*-\s+/, ''))) };
      return { kind: 'p', inlines: parseInlines(lines.join(' ')) };
    });
}
