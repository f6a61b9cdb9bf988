import { lazy, Suspense } from 'react';
import type { ResolvedServiceBookingProps as ServiceBookingProps } from '../../schemas/generated/block-props';
import { resolvedSettings } from '../../runtime/domain/settings';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { ExternalBookingFrame } from './ExternalBookingFrame';
import './styles.css';

/** BOOK NOW buttons scroll to this anchor (docs/requirements/dealer-services.md#screens). */
export const SERVICE_FORM_ANCHOR = 'service-form';

// The wizard (react-hook-form and its rules) is its own chunk; the server still renders it in full.
const ServiceWizard = lazy(() => import('./ServiceWizard').then((m) => ({ default: m.ServiceWizard })));

export default function ServiceBooking({ props, block }: BlockComponentProps<ServiceBookingProps>) {
  const site = useSite();
  const settings = resolvedSettings(site.settings).service;
  const frame = settings.form === 'external-frame' && settings.externalBooking.url;
  const heading = settings.form === 'vehicle-check' ? props.vehicleCheckHeading : props.heading;
  return (
    <section className="container service-booking" id={SERVICE_FORM_ANCHOR} aria-labelledby={`${block.id}-heading`} tabIndex={-1}>
      <div className="lead-form-card">
        <h2 id={`${block.id}-heading`}>{heading}</h2>
        {props.intro && <p className="lead-form-intro">{props.intro}</p>}
        {frame ? (
          <ExternalBookingFrame url={frame} title={settings.externalBooking.title} height={settings.externalBooking.height} />
        ) : (
          <Suspense fallback={<p className="lead-dialog-loading">Loading form...</p>}>
            <ServiceWizard submitLabel={props.submitLabel} optInLabel={props.optInLabel} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
