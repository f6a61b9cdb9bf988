import { lazy, Suspense } from 'react';
import type { ResolvedTradeInWizardProps as TradeInWizardProps } from '../../schemas/generated/block-props';
import { pageExists } from '../../runtime/renderer/page-exists';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { LeadCarSummary } from '../../runtime/ui/forms/LeadCarSummary';
import type { TradeInWizardData } from './loader';
import '../../runtime/ui/forms/forms.css';
import './styles.css';

// The wizard's code (react-hook-form, Ajv, the steps) is its own chunk; the server still renders its first step.
const Wizard = lazy(() => import('./Wizard').then((m) => ({ default: m.Wizard })));

export default function TradeInWizard({ props, data, block }: BlockComponentProps<TradeInWizardProps, TradeInWizardData | undefined>) {
  const site = useSite();
  const locations = site.dealerships.flatMap((d) => d.locations);
  const primary = locations.find((l) => l.primary) ?? locations[0];
  const phone = primary?.contact_detail?.phone || null;
  const contactPath = props.contactPath;
  const termsPath = props.termsPath;
  const contactHref = pageExists(site.pages, contactPath) ? contactPath : null;
  // docs/requirements/dealer-services.md#screens: the terms page, or the same under /pages/ where the site keeps its pages there.
  const termsHref = [termsPath, `/pages${termsPath}`].find((p) => pageExists(site.pages, p)) ?? null;
  const car = data?.car ?? null;
  return (
    <section className="container lead-form-block trade-in-block" id="instant-offer" aria-labelledby={`${block.id}-heading`}>
      <div className="lead-form-card">
        <h2 id={`${block.id}-heading`}>{props.heading}</h2>
        {props.intro && <p className="lead-form-intro">{props.intro}</p>}
        {car && (
          <div className="trade-in-towards">
            <p>Trading in towards:</p>
            <LeadCarSummary car={car} />
          </div>
        )}
        <Suspense fallback={<p className="lead-dialog-loading">Loading...</p>}>
          <Wizard car={car} contactHref={contactHref} termsHref={termsHref} phone={phone} />
        </Suspense>
        {termsHref && (
          <p className="form-privacy">
            Offers are subject to our <a href={termsHref}>trade-in terms and conditions</a>.
          </p>
        )}
      </div>
    </section>
  );
}
