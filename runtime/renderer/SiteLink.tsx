import type { ReactNode } from 'react';
import { Link } from './Link';

/**
 * A link from the document: paths on this site navigate client-side; anchors on this page (`#enquire`, which opens
 * its dialog) stay in this tab; full addresses open in a new tab.
 */
export function SiteLink({ href, external, className, children }: { href: string; external?: boolean; className?: string; children: ReactNode }) {
  if (href.startsWith('#') && !external) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  const internal = href.startsWith('/') && !href.startsWith('//');
  if (internal && !external) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} {...(external || !internal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}
