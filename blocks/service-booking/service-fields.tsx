// The fields of the service booking steps: each field's label and the component that draws it.
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { autoSelectedLocation } from '../../runtime/domain/locations';
import {
  AU_STATES,
  chosenLocation,
  locationsForDealership,
  notableDisclaimerFor,
  openServiceDates,
  serviceDateLabel,
  type ServiceField,
  type ServiceFormConfig,
} from '../../runtime/domain/service';
import { CheckboxField, FieldShell, PostcodeField, SelectField, TextAreaField, TextField } from '../../runtime/ui/forms/fields';

export const LABELS: Record<ServiceField, string> = {
  name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  street: 'Street',
  suburb: 'Suburb',
  state: 'State',
  postcode: 'Postcode',
  vehicle_make: 'Vehicle Make',
  vehicle_model: 'Vehicle Model',
  vehicle_year: 'Vehicle Year',
  rego: 'Vehicle Rego',
  vehicle_state: 'Vehicle State',
  service_interval: 'Service Interval',
  service_type: 'Service Type',
  repair_issue: 'Repair Issue',
  dealership_slug: 'Dealership',
  location_id: 'Location',
  preferred_date: 'Preferred Service Date',
  message: 'Comments',
  opt_in: 'Opt in',
};

const stateOptions = AU_STATES.map((s) => ({ value: s, label: s }));

function LocationSelect({ config, required }: { config: ServiceFormConfig; required: boolean }) {
  const { register, setValue, getValues } = useFormContext<FieldValues>();
  const dealership = useWatch({ name: 'dealership_slug' });
  const locationId = useWatch({ name: 'location_id' });
  const options = useMemo(() => locationsForDealership(config, dealership), [config, dealership]);
  // docs/requirements/dealer-services.md#states: a single option is selected automatically, once.
  const autoSelected = useRef(false);
  useEffect(() => {
    const current = getValues('location_id');
    if (current && !options.some((l) => String(l.id) === String(current))) setValue('location_id', '');
    const only = autoSelectedLocation(options, autoSelected.current || Boolean(getValues('location_id')));
    if (!only) return;
    autoSelected.current = true;
    setValue('location_id', String(only.id));
  }, [options, getValues, setValue]);
  const disclaimer = notableDisclaimerFor(config, locationId);
  const field = register('location_id', {
    onChange: (e: { target: { value: string } }) => {
      // A location belongs to one dealership: choosing it chooses that dealership too.
      const chosen = chosenLocation(config, e.target.value);
      if (chosen?.dealership_slug && config.dealershipSelect) setValue('dealership_slug', chosen.dealership_slug);
      setValue('preferred_date', '');
    },
  });
  return (
    <>
      <FieldShell name="location_id" label={LABELS.location_id} required={required}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            className="form-input form-select"
            defaultValue={locationId ?? ''}
            aria-required={required || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...field}
          >
            <option value="">Choose a location</option>
            {options.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      {disclaimer && (
        <p className="service-disclaimer form-wide" role="note">
          {disclaimer}
        </p>
      )}
    </>
  );
}

/** Only days the chosen location is open, from today in its time zone (docs/requirements/dealer-services.md#screens; issue 13). */
function PreferredDateSelect({ config, required }: { config: ServiceFormConfig; required: boolean }) {
  const { register } = useFormContext<FieldValues>();
  const locationId = useWatch({ name: 'location_id' });
  const location = chosenLocation(config, locationId);
  const dates = useMemo(() => (location ? openServiceDates(location, Date.now(), config.bookingWindowDays) : []), [location, config.bookingWindowDays]);
  return (
    <FieldShell
      name="preferred_date"
      label={LABELS.preferred_date}
      required={required}
      hint={location ? undefined : 'Choose a location to see the days it is open.'}
    >
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="form-input form-select"
          disabled={!location}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register('preferred_date')}
        >
          <option value="">{location ? 'Choose a date' : 'Choose a location first'}</option>
          {dates.map((d) => (
            <option key={d} value={d}>
              {serviceDateLabel(d)}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** One field of a step, drawn by the component its name calls for. */
export function ServiceFieldView({ name, config, optInLabel }: { name: ServiceField; config: ServiceFormConfig; optInLabel: string }) {
  const required = (f: ServiceField) => config.required.includes(f);
  const label = LABELS[name];
  switch (name) {
    case 'email':
      return <TextField name={name} label={label} type="email" required autoComplete="email" inputMode="email" />;
    case 'phone':
      return <TextField name={name} label={label} type="tel" required autoComplete="tel" inputMode="tel" />;
    case 'name':
      return <TextField name={name} label={label} required autoComplete="given-name" />;
    case 'last_name':
      return <TextField name={name} label={label} autoComplete="family-name" hint="Optional" />;
    case 'street':
      return <TextField name={name} label={label} autoComplete="address-line1" hint="Optional" />;
    case 'suburb':
      return <TextField name={name} label={label} autoComplete="address-level2" hint="Optional" />;
    case 'state':
      return <SelectField name={name} label={label} placeholder="Optional" options={stateOptions} />;
    case 'postcode':
      return <PostcodeField />;
    case 'vehicle_year':
      return <TextField name={name} label={label} required={required(name)} inputMode="numeric" maxLength={4} placeholder="e.g. 2019" />;
    case 'rego':
      return <TextField name={name} label={label} required={required(name)} autoComplete="off" maxLength={12} hint={required(name) ? undefined : 'Optional'} />;
    case 'vehicle_state':
      return <SelectField name={name} label={label} options={stateOptions} />;
    case 'service_interval':
      return config.serviceIntervals.length ? (
        <SelectField
          name={name}
          label={label}
          required={required(name)}
          placeholder={required(name) ? 'Choose an interval' : 'Optional'}
          options={config.serviceIntervals.map((v) => ({ value: v, label: v }))}
        />
      ) : (
        <TextField name={name} label={label} required={required(name)} placeholder="e.g. 45,000 km or 36 months" />
      );
    case 'service_type':
      return (
        <SelectField name={name} label={label} required placeholder="Choose a service" options={config.serviceTypes.map((v) => ({ value: v, label: v }))} />
      );
    case 'repair_issue':
      return <TextAreaField name={name} label="Any repair issue? (optional)" rows={3} className="form-wide" />;
    case 'dealership_slug':
      return (
        <SelectField
          name={name}
          label={label}
          required
          placeholder="Choose a dealership"
          options={config.dealerships.map((d) => ({ value: d.slug, label: d.name }))}
        />
      );
    case 'location_id':
      return config.locations.length ? <LocationSelect config={config} required={required(name)} /> : null;
    case 'preferred_date':
      return <PreferredDateSelect config={config} required={required(name)} />;
    case 'message':
      return <TextAreaField name={name} label={`${label} (optional)`} className="form-wide" />;
    case 'opt_in':
      return <CheckboxField name={name} label={optInLabel} className="form-wide" />;
    default:
      return <TextField name={name} label={label} required={required(name)} />;
  }
}
