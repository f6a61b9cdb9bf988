// Dealer-written label text with **bold**, *italic* and [links](/terms), rendered as elements, never as HTML.
// Links open in a new tab so reading the terms never loses what the shopper typed.
import { Fragment } from 'react';
import { parseInlines } from './markup';
import { SiteLink } from '../../renderer/SiteLink';

export function MarkupText({ text }: { text: string }) {
  return (
    <>
      {parseInlines(text).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, rebuilt from it on each render: their place is their identity
        <Fragment key={i}>
          {part.kind === 'bold' ? (
            <strong>{part.text}</strong>
          ) : part.kind === 'italic' ? (
            <em>{part.text}</em>
          ) : part.kind === 'link' ? (
            <SiteLink href={part.href} external>
              {part.text}
            </SiteLink>
          ) : (
            <span>{part.text}</span>
          )}
        </Fragment>
      ))}
    </>
  );
}
