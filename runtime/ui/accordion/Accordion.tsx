// An accordion (docs/requirements/dealer-services.md#constants: accordion 300 ms). Each title is a button with aria-expanded; Up/Down/Home/End move
// between titles; the panel's height animates over 300 ms (styles.css) unless the visitor asks for reduced motion.
// Server-rendered closed, with the panels in the page for search engines. Shared by trade-in-faq and accordion.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './styles.css';

export interface AccordionItem {
  title: string;
  content: ReactNode;
}

/** headingLevel: the level of each title's heading, one below the heading above the list (h2 when there is none). */
export function Accordion({
  items,
  allowMany = true,
  initiallyOpen,
  headingLevel = 3,
}: {
  items: AccordionItem[];
  allowMany?: boolean;
  initiallyOpen?: number;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [open, setOpen] = useState<Set<number>>(() => new Set(initiallyOpen === undefined ? [] : [initiallyOpen]));
  const [ready, setReady] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  // Marks the list interactive once hydrated, so tests (and nothing else) can wait for it.
  useEffect(() => setReady(true), []);
  const toggle = (i: number) =>
    setOpen((s) => {
      const next = new Set(allowMany ? s : []);
      if (s.has(i)) next.delete(i);
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
    <div className="faq-list" data-ready={ready ? 'true' : undefined}>
      {items.map((item, i) => {
        const expanded = open.has(i);
        const panelId = `${base}-faq-${i}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items are fixed for the page and never reordered; which are open is kept by place too
          <div key={i} className={`faq-item${expanded ? ' is-open' : ''}`}>
            <Heading className="faq-question">
              <button
                type="button"
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                aria-expanded={expanded}
                aria-controls={panelId}
                id={`${panelId}-button`}
                onClick={() => toggle(i)}
                onKeyDown={(e) => onKey(e, i)}
              >
                <span>{item.title}</span>
                <span className="faq-icon" aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={`${panelId}-button`} className="faq-answer" inert={!expanded || undefined}>
              <div className="faq-answer-inner">{item.content}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
