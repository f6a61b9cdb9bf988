// Dealer-written label text with **bold**, *italic* and [links](/terms), rendered as elements, never as HTML.
// Links open in a new tab so reading the terms never loses what the shopper typed.
import { parseInlines } from '../../../blocks/rich-text/markup';
import { SiteLink } from '../../renderer/SiteLink';

export function MarkupText({ text }: { text: string }) {
  return (
    <>
      {parseInlines(text).map((part, i) =>
        part.kind === 'bold' ? (
          <strong key={i}>{part.text}</strong>
        ) : part.kind === 'italic' ? (
          <em key={i}>{part.text}</em>
        ) : part.kind === 'link' ? (
          <SiteLink key={i} href={part.href} external>
            {part.text}
          </SiteLink>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
