// The one pagination of the sites: the car search's results and the model directory. Links carry a real address (for
// crawlers, new tabs and no-JS), a click pages in place through onPage.
import type { MouseEvent } from 'react';

/** Page numbers around the current page, with the first and last always reachable. */
export function pageWindow(page: number, totalPages: number, radius = 2): (number | 'gap')[] {
  const pages = new Set([1, totalPages]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].filter((p) => p >= 1).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  let previous: number | undefined;
  for (const p of sorted) {
    if (previous !== undefined && p - previous > 1) out.push('gap');
    out.push(p);
    previous = p;
  }
  return out;
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The address of a page, for the link. */
  hrefOf: (page: number) => string;
  onPage: (page: number) => void;
  /** The navigation landmark's name, e.g. "Search results pages". */
  label: string;
  /** The block's class for its styles. */
  className?: string;
}

export function Pagination({ page, totalPages, hrefOf, onPage, label, className = 'pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const link = (p: number, text: string, extra: Record<string, string> = {}) => (
    <a
      href={hrefOf(p)}
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        onPage(p);
      }}
      {...extra}
    >
      {text}
    </a>
  );
  return (
    <nav className={className} aria-label={label}>
      {page > 1 ? (
        link(page - 1, 'Previous', { rel: 'prev', className: 'page-step' })
      ) : (
        <span className="page-step disabled" aria-disabled="true">
          Previous
        </span>
      )}
      <ul>
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, one each side of the current page; their place tells them apart
            <li key={`gap-${i}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>{p === page ? <span aria-current="page">{p}</span> : link(p, String(p), { 'aria-label': `Page ${p}` })}</li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        link(page + 1, 'Next', { rel: 'next', className: 'page-step' })
      ) : (
        <span className="page-step disabled" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
