// Rich text edited in place comes back as whatever HTML the browser's editing made of it (pasted styles, <div>s, <b>
// or <strong>, links to anywhere). This turns it into the dealer copy format (runtime/ui/forms/markup.ts), keeping
// only what that format can say: paragraphs, '- ' lists, bold, italic and links with a safe address. Everything
// else is reduced to its text, so nothing pasted can reach a shopper as markup.
import { isSafeHref } from '../../runtime/ui/forms/markup';

const BLOCK = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'SECTION', 'ARTICLE', 'PRE']);
const LIST = new Set(['UL', 'OL']);
const squash = (s: string) => s.replace(/\s+/g, ' ');

/** Inline content as markup: bold, italic and safe links kept, every other element reduced to its text. */
function inlineMarkup(node: Node): string {
  if (node.nodeType === node.TEXT_NODE) return squash(node.textContent ?? '');
  if (node.nodeType !== node.ELEMENT_NODE) return '';
  const el = node as Element;
  if (el.nodeName === 'BR') return ' ';
  const inner = [...el.childNodes].map(inlineMarkup).join('');
  const text = inner.trim();
  // Markup has no nesting: a bold or italic or link piece holds plain text.
  const plain = squash(el.textContent ?? '').trim();
  if (!text) return inner;
  const pad = (s: string) => `${inner.startsWith(' ') ? ' ' : ''}${s}${inner.endsWith(' ') ? ' ' : ''}`;
  if (el.nodeName === 'STRONG' || el.nodeName === 'B') return pad(`**${plain}**`);
  if (el.nodeName === 'EM' || el.nodeName === 'I') return pad(`*${plain}*`);
  if (el.nodeName === 'A') {
    const href = el.getAttribute('href') ?? '';
    return isSafeHref(href) ? pad(`[${plain}](${href})`) : inner;
  }
  return inner;
}

/** The markup of an edited element's content: one paragraph per block element or run of loose inline content. */
export function markupFromDom(root: Element): string {
  const paragraphs: string[] = [];
  let loose = '';
  const flush = () => {
    if (loose.trim()) paragraphs.push(loose.trim());
    loose = '';
  };
  const walk = (parent: Element) => {
    for (const node of parent.childNodes) {
      const name = node.nodeName;
      if (LIST.has(name)) {
        flush();
        const items = [...(node as Element).children]
          .filter((li) => li.nodeName === 'LI')
          .map((li) => inlineMarkup(li).trim())
          .filter(Boolean);
        if (items.length) paragraphs.push(items.map((item) => `- ${item}`).join('\n'));
      } else if (BLOCK.has(name)) {
        flush();
        // A block holding blocks (a pasted <div><p>…</p></div>) gives its inner paragraphs.
        if ([...(node as Element).children].some((c) => BLOCK.has(c.nodeName) || LIST.has(c.nodeName))) walk(node as Element);
        else {
          const text = inlineMarkup(node).trim();
          if (text) paragraphs.push(text);
        }
      } else loose += inlineMarkup(node);
    }
    flush();
  };
  walk(root);
  return paragraphs.join('\n\n');
}
