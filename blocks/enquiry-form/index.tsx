import type { EnquiryFormProps } from '../../schemas/generated/tenant';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { LeadForm } from '../../runtime/ui/forms/LeadForm';
import { LeadCarSummary, usePageCar } from '../../runtime/ui/forms/LeadCarSummary';
import { LeadDialogButton } from '../../runtime/ui/dialogs/LeadDialogButton';
import { LeadDialogHost } from '../../runtime/ui/dialogs/LeadDialogHost';
import { LEAD_DIALOG_KINDS, type LeadDialogKind } from '../../runtime/ui/dialogs/lead-dialogs';
import type { LeadBlockData } from './loader';

export default function EnquiryForm({ props, data, block }: BlockComponentProps<EnquiryFormProps, LeadBlockData | undefined>) {
  const pageCar = usePageCar();
  const car = data?.car ?? pageCar;
  const dialogs: LeadDialogKind[] = props.dialogs ?? [...LEAD_DIALOG_KINDS];

  if (props.display === 'buttons') {
    return (
      <section className="container lead-actions-card" aria-labelledby={`${block.id}-heading`}>
        <h2 id={`${block.id}-heading`}>{props.heading ?? 'Send Us an Enquiry'}</h2>
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
        <h2 id={`${block.id}-heading`}>{props.heading ?? 'Send Us an Enquiry'}</h2>
        {props.intro && <p className="lead-form-intro">{props.intro}</p>}
        {car && <LeadCarSummary car={car} />}
        <LeadForm
          form={props.form ?? 'enquiry'}
          car={car}
          multiStep={props.multiStep}
          submitLabel={props.submitLabel}
          optInLabel={props.optInLabel}
          termsLabel={props.termsLabel}
        />
      </div>
    </section>
  );
}
