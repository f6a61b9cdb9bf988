import type { MouseEvent } from 'react';
import type { ResolvedServiceHeadingProps as ServiceHeadingProps } from '../../schemas/generated/block-props';
import { resolvedSettings } from '../../runtime/domain/settings';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { usePageRoute, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { bookingFormPage, SERVICE_FORM_ANCHOR } from './booking-page';
import './styles.css';

const ANCHOR = SERVICE_FORM_ANCHOR;

export { bookingFormPage };

function scrollToForm(event: MouseEvent<HTMLAnchorElement>) {
  const form = document.getElementById(ANCHOR);
  if (!form) return;
  event.preventDefault();
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  form.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${ANCHOR}`);
  form.focus({ preventScroll: true });
}

export default function ServiceHeading({ props }: BlockComponentProps<ServiceHeadingProps>) {
  const site = useSite();
  const route = usePageRoute();
  const settings = resolvedSettings(site.settings).service;
  const label = props.buttonLabel;
  const subtitle = props.subtitle;
  const external = settings.bookNowTarget === 'external' && settings.externalBooking.url;
  const formPage = bookingFormPage(site, route);
  let button = null;
  if (external) {
    // A normal link (same tab), as the seed's sites open their external booking page.
    button = (
      <a href={external} className="button button-primary service-book-now" rel="noopener">
        {label}
      </a>
    );
  } else if (formPage === route) {
    button = (
      <a href={`#${ANCHOR}`} className="button button-primary service-book-now" onClick={scrollToForm}>
        {label}
      </a>
    );
  } else if (formPage) {
    button = (
      <SiteLink href={`${formPage}#${ANCHOR}`} className="button button-primary service-book-now">
        {label}
      </SiteLink>
    );
  }
  return (
    <div className="container service-heading">
      {props.headingLevel === 1 ? <h1>{props.heading}</h1> : <h2>{props.heading}</h2>}
      {subtitle && <p className="service-subtitle">{subtitle}</p>}
      {props.text && <p>{props.text}</p>}
      {button}
    </div>
  );
}
