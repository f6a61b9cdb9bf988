import type { ResolvedEnquiryFormProps as EnquiryFormProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { lazy, Suspense } from 'react';
import { LeadCarSummary, usePageCar } from '../../runtime/ui/forms/LeadCarSummary';
import { LeadDialogButton } from '../../runtime/ui/dialogs/LeadDialogButton';
import { LeadDialogHost } from '../../runtime/ui/dialogs/LeadDialogHost';
import type { LeadDialogKind } from '../../runtime/ui/dialogs/lead-dialogs';
import type { LeadBlockData } from './loader';
import { usePageData } from '../../runtime/renderer/site-context';
import type { LocationPageData, ModelPageData } from '../../runtime/page-data/types';
import { modelEnquiryMessage } from '../../runtime/domain/models';

// The form's code (react-hook-form, Ajv) is its own chunk: a vehicle page showing only the dialog buttons never
// loads it until a dialog opens. The server still renders the whole form (it waits for every boundary).
const LeadForm = lazy(() => import('../../runtime/ui/forms/LeadForm').then((m) => ({ default: m.LeadForm })));

export default function EnquiryForm({ props, data, block }: BlockComponentProps<EnquiryFormProps, LeadBlockData | undefined>) {
  const pageCar = usePageCar();
  const car = data?.car ?? pageCar;
  const dialogs: LeadDialogKind[] = props.dialogs;
  // On a location page the form starts with that location (and its dealership) chosen.
  const pageLocation = (usePageData<Partial<LocationPageData>>() ?? {}).location;
  const locationValues = pageLocation && !car ? { location: pageLocation.name, dealership_slug: pageLocation.dealership_slug } : undefined;
  // On a model page the comments start by naming the model (the lead has no car to carry it).
  const pageModel = (usePageData<Partial<ModelPageData>>() ?? {}).model;
  const modelValues = pageModel && !car ? { message: modelEnquiryMessage(pageModel) } : undefined;

  if (props.display === 'buttons') {
    return (
      <section className="container lead-actions-card" aria-labelledby={`${block.id}-heading`}>
        <h2 id={`${block.id}-heading`}>{props.heading}</h2>
        {props.intro && <p>{props.intro}</p>}
        <div className="lead-actions-buttons">
          {dialogs.map((kind, i) => (
            <LeadDialogButton key={kind} dialog={kind} car={car} className={`button ${i === 0 ? 'button-primary' : 'button-secondary'}`} />
          ))}
        </div>
        <LeadDialogHost car={car} />
      </section>
    );
  }

  return (
    <section className="container lead-form-block" id="enquiry-form" aria-labelledby={`${block.id}-heading`}>
      <div className="lead-form-card">
        <h2 id={`${block.id}-heading`}>{props.heading}</h2>
        {props.intro && <p className="lead-form-intro">{props.intro}</p>}
        {car && <LeadCarSummary car={car} />}
        <Suspense fallback={<p className="lead-dialog-loading">Loading form...</p>}>
          <LeadForm
            form={props.form}
            car={car}
            multiStep={props.multiStep}
            submitLabel={props.submitLabel}
            optInLabel={props.optInLabel}
            termsLabel={props.termsLabel}
            initialValues={locationValues ?? modelValues}
          />
        </Suspense>
      </div>
    </section>
  );
}
