// Trade-in FAQ: an accordion (seed 001 §2, §4 'accordion animation 300 ms'). Each question is a button with
// aria-expanded; Up/Down/Home/End move between questions; the panel's height animates over 300 ms (styles.css) unless the
// shopper asks for reduced motion. Server-rendered closed, with the answers in the page for search engines.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TradeInFaqProps } from '../../schemas/generated/tenant';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import './styles.css';

export default function TradeInFaq({ props, block }: BlockComponentProps<TradeInFaqProps>) {
  const items = props.items ?? [];
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const toggle = (i: number) => setOpen((s) => {
    const next = new Set(s);
    if (next.has(i)) next.delete(i);
    else next.add(i);
    return next;
  });
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const to = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    buttons.current[(to + items.length) % items.length]?.focus();
  };
  return (
    <section className="container trade-in-faq" aria-labelledby={`${block.id}-heading`}>
      <h2 id={`${block.id}-heading`}>{props.heading ?? 'Frequently Asked Questions'}</h2>
      <div className="faq-list">
        {items.map((item, i) => {
          const expanded = open.has(i);
          const panelId = `${base}-faq-${i}`;
          return (
            <div key={i} className={`faq-item${expanded ? ' is-open' : ''}`}>
              <h3 className="faq-question">
                <button
                  type="button"
                  ref={(el) => { buttons.current[i] = el; }}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  id={`${panelId}-button`}
                  onClick={() => toggle(i)}
                  onKeyDown={(e) => onKey(e, i)}
                >
                  <span>{item.question}</span>
                  <span className="faq-icon" aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={`${panelId}-button`} className="faq-answer" inert={!expanded || undefined}>
                <div className="faq-answer-inner">
                  {item.answer.split(/\n{2,}/).map((p, j) => (
                    <p key={j}>{p}</p>
                  ))}
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
