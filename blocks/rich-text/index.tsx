import type { RichTextProps } from '../../schemas/generated/tenant';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { parseMarkup, type Inline } from './markup';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((part, i) =>
        part.kind === 'bold' ? <strong key={i}>{part.text}</strong> : part.kind === 'italic' ? <em key={i}>{part.text}</em> : part.kind === 'link' ? (
          <SiteLink key={i} href={part.href}>{part.text}</SiteLink>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

export default function RichText({ props }: BlockComponentProps<RichTextProps>) {
  return (
    <div className={`container rich-text rich-text-${props.width ?? 'narrow'}`}>
      {props.heading && <h2>{props.heading}</h2>}
      {parseMarkup(props.body).map((para, i) =>
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
    </div>
  );
}
