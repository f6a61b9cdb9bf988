// Dealer-written paragraphs and '- ' lists (blocks/rich-text/markup.ts) rendered as elements, never as HTML: shared by
// the rich-text and accordion blocks so every content block sanitises the same way.
import { parseMarkup, type Inline } from '../../../blocks/rich-text/markup';
import { SiteLink } from '../../renderer/SiteLink';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((part, i) =>
        part.kind === 'bold' ? (
          <strong key={i}>{part.text}</strong>
        ) : part.kind === 'italic' ? (
          <em key={i}>{part.text}</em>
        ) : part.kind === 'link' ? (
          <SiteLink key={i} href={part.href}>
            {part.text}
          </SiteLink>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

export function MarkupBlocks({ body }: { body: string }) {
  return (
    <>
      {parseMarkup(body).map((para, i) =>
        para.kind === 'ul' ? (
          <ul key={i}>
            {para.items.map((item, j) => (
              <li key={j}>
                <Inlines inlines={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={i}>
            <Inlines inlines={para.inlines} />
          </p>
        ),
      )}
    </>
  );
}
