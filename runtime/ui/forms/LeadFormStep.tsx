// One step of the lead form: its fields in order, each drawn by the field component its name calls for.
import type { ReactNode } from 'react';
import type { LeadFieldName, LeadFormConfig } from '../../domain/leads/form-config';
import { CheckboxField, PostcodeField, SelectField, TextAreaField, TextField } from './fields';
import type { LeadFormCar } from './lead-car';
import { LocationField, PreferredDateField, PreferredTimeField } from './lead-fields';

/** The label of every field drawn with one, and those of a form's extra fields. */
type LeadFormLabels = ReturnType<typeof leadFormLabels>;

export interface LeadFormStepProps {
  fields: readonly LeadFieldName[];
  config: LeadFormConfig;
  labels: LeadFormLabels;
  car?: LeadFormCar | null;
  /** Fields of a particular form (the finance budget), shown before the comments. */
  extraFields?: ReactNode;
  /** The extra fields below the step's own, for a last step without a comments box. */
  trailingExtras?: ReactNode;
  optInLabel: string;
  termsLabel: string;
}

/** What each field is called in the list of errors (and in its label). */
export function leadFormLabels(config: LeadFormConfig, extraLabels?: Record<string, string>) {
  return {
    name: config.lastNameField ? 'First Name' : 'Name',
    last_name: 'Last Name',
    email: 'Email',
    phone: 'Phone',
    postcode: 'Postcode',
    location: 'Location',
    rego: 'Rego',
    category: 'Enquiry Type',
    dealership_slug: 'Dealership',
    preferred_date: 'Preferred Date',
    preferred_time: 'Preferred Time',
    message: 'Comments',
    opt_in: 'Opt in',
    terms_conditions: 'Terms of use',
    ...extraLabels,
  };
}

export function LeadFormStep({ fields, trailingExtras, ...field }: LeadFormStepProps) {
  return (
    <div className="lead-form-grid">
      {fields.map((name) => (
        <LeadField key={name} name={name} {...field} />
      ))}
      {trailingExtras && <div className="form-wide form-stack">{trailingExtras}</div>}
    </div>
  );
}

function LeadField({
  name,
  config,
  labels,
  car,
  extraFields,
  optInLabel,
  termsLabel,
}: Omit<LeadFormStepProps, 'fields' | 'trailingExtras'> & { name: LeadFieldName }) {
  switch (name) {
    case 'name':
      return <TextField name="name" label={labels.name} required autoComplete={config.lastNameField ? 'given-name' : 'name'} />;
    case 'last_name':
      return <TextField name="last_name" label={labels.last_name} autoComplete="family-name" />;
    case 'email':
      return <TextField name="email" label={labels.email} type="email" required autoComplete="email" inputMode="email" />;
    case 'phone':
      return <TextField name="phone" label={labels.phone} type="tel" required autoComplete="tel" inputMode="tel" />;
    case 'postcode':
      return <PostcodeField required />;
    case 'location':
      return <LocationField label={labels.location} choices={config.locations} make={car?.make} />;
    case 'rego':
      return <TextField name="rego" label={labels.rego} hint="Optional" autoComplete="off" maxLength={12} />;
    case 'category':
      return <SelectField name="category" label={labels.category} required options={config.categories.map((c) => ({ value: c, label: c }))} />;
    case 'dealership_slug':
      return (
        <SelectField
          name="dealership_slug"
          label={labels.dealership_slug}
          required
          placeholder="Choose a dealership"
          options={config.dealerships.map((d) => ({ value: d.slug, label: d.name }))}
        />
      );
    case 'preferred_date':
      return <PreferredDateField label={labels.preferred_date} />;
    case 'preferred_time':
      return <PreferredTimeField label={labels.preferred_time} carLocationId={car?.location_id} />;
    case 'message':
      return (
        <div className="form-wide form-stack">
          {extraFields}
          <TextAreaField name="message" label={labels.message} required={config.commentsRequired} />
        </div>
      );
    case 'opt_in':
      return <CheckboxField name="opt_in" label={optInLabel} className="form-wide" />;
    case 'terms_conditions':
      return <CheckboxField name="terms_conditions" label={termsLabel} required className="form-wide" />;
    default:
      return null;
  }
}
