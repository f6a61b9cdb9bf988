// Dealer-written paragraphs and '- ' lists (runtime/ui/forms/markup.ts) rendered as elements, never as HTML: shared by
// the rich-text and accordion blocks so every content block sanitises the same way.
import { Fragment } from 'react';
import { parseMarkup, type Inline } from './markup';
import { SiteLink } from '../../renderer/SiteLink';

// The paragraphs, items and pieces below are parsed from one text on each render and never reordered: their place in
// that text is their identity, so they are keyed by index.

function Inlines({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text (see above)
        <Fragment key={i}>
          {part.kind === 'bold' ? (
            <strong>{part.text}</strong>
          ) : part.kind === 'italic' ? (
            <em>{part.text}</em>
          ) : part.kind === 'link' ? (
            <SiteLink href={part.href}>{part.text}</SiteLink>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </>
  );
}

export function MarkupBlocks({ body }: { body: string }) {
  return (
    <>
      {parseMarkup(body).map((para, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text (see above)
        <Fragment key={i}>
          {para.kind === 'ul' ? (
            <ul>
              {para.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list items of one text (see above)
                <li key={j}>
                  <Inlines inlines={item} />
                </li>
              ))}
            </ul>
          ) : (
            <p>
              <Inlines inlines={para.inlines} />
            </p>
          )}
        </Fragment>
      ))}
    </>
  );
}
