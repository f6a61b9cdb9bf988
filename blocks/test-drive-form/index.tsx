import type { ResolvedTestDriveFormProps as TestDriveFormProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import type { LeadFormCar } from '../../runtime/ui/forms/lead-car';
import { LeadCarSummary, usePageCar } from '../../runtime/ui/forms/LeadCarSummary';
import { LeadForm } from '../../runtime/ui/forms/LeadForm';

export default function TestDriveForm({ props, data, block }: BlockComponentProps<TestDriveFormProps, { car: LeadFormCar | null } | undefined>) {
  const pageCar = usePageCar();
  const car = data?.car ?? pageCar;
  return (
    <section className="container lead-form-block" id="test-drive-form" aria-labelledby={`${block.id}-heading`}>
      <div className="lead-form-card">
        <h2 id={`${block.id}-heading`}>{props.heading}</h2>
        {props.intro && <p className="lead-form-intro">{props.intro}</p>}
        {car && <LeadCarSummary car={car} />}
        <LeadForm form="test-drive" car={car} submitLabel={props.submitLabel} optInLabel={props.optInLabel} termsLabel={props.termsLabel} />
      </div>
    </section>
  );
}
