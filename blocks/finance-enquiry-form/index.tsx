import type { ResolvedFinanceEnquiryFormProps as FinanceEnquiryFormProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { resolvedSettings } from '../../runtime/domain/settings';
import { useSite } from '../../runtime/renderer/site-context';
import { LeadCarSummary, usePageCar } from '../../runtime/ui/forms/LeadCarSummary';
import { LeadForm } from '../../runtime/ui/forms/LeadForm';
import { MoneyField } from '../../runtime/ui/forms/number-fields';
import { messageWithBudget, type FinanceFormData } from './finance-query';

export default function FinanceEnquiryForm({ props, data, block }: BlockComponentProps<FinanceEnquiryFormProps, FinanceFormData | undefined>) {
  const pageCar = usePageCar();
  // docs/requirements/dealer-services.md#constants: $300,000 to $800,000 quick picks by the site's flag (or this block's own)
  const site = useSite();
  const { quickPicks, highValueQuickPicks } = resolvedSettings(site.settings).finance;
  const highValue = Boolean(props.highValueQuickPicks || highValueQuickPicks);
  const car = data?.car ?? pageCar;
  const budgetField = props.budgetField !== false;
  const initialValues: Record<string, unknown> = {};
  if (data?.preferredDealership) initialValues.dealership_slug = data.preferredDealership;
  if (budgetField) initialValues.vehicle_price_budget = data?.vehiclePriceBudget ?? car?.price ?? '';
  return (
    // #finance-form: the finance link from a car ends with this fragment (docs/requirements/dealer-services.md#screens).
    <section className="container lead-form-block" id="finance-form" aria-labelledby={`${block.id}-heading`}>
      <div className="lead-form-card">
        <h2 id={`${block.id}-heading`}>{props.heading}</h2>
        {props.intro && <p className="lead-form-intro">{props.intro}</p>}
        {car && <LeadCarSummary car={car} />}
        <LeadForm
          form="finance"
          car={car}
          submitLabel={props.submitLabel}
          optInLabel={props.optInLabel}
          termsLabel={props.termsLabel}
          initialValues={initialValues}
          extraLabels={{ vehicle_price_budget: 'Vehicle Price Budget' }}
          extraFields={
            budgetField ? (
              <MoneyField name="vehicle_price_budget" label="Vehicle Price Budget" picks={highValue ? quickPicks.highValue : quickPicks.standard} />
            ) : null
          }
          prepareValues={(values) => {
            const { vehicle_price_budget, ...rest } = values;
            return { ...rest, message: messageWithBudget(rest.message, vehicle_price_budget, car ? null : data?.vin) };
          }}
        />
      </div>
    </section>
  );
}
