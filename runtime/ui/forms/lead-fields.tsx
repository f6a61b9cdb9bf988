// Lead-form fields that read the site: the location dropdown (docs/requirements/dealer-services.md#validation location dropdown filtering) and the test
// drive date and appointment time (both optional, docs/requirements/vehicle-browsing.md#screens; the times are the server's answer, from
// the location's weekly and holiday hours).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import {
  autoSelectedLocation,
  locationChoiceValues,
  locationDropdownOptions,
  nearestChoiceValues,
  type DealerLocation,
  type LocationType,
} from '../../domain/locations';
import { useSite } from '../../renderer/site-context';
import { earliestBookableDate } from '../../domain/locations/appointment-slots';
import { useAppointmentSlots } from './use-appointment-slots';
import { FieldShell, SelectField, TextField } from './fields';
import { NearestLocationFinder } from '../locations/NearestLocationFinder';

import { siteLocations } from '../locations/site-locations';
import { resolvedSettings } from '../../domain/settings';

/** Required when shown. Configured choices, else the site's locations (filtered by the car's make and the site's
 *  dropdown settings); choosing one may also choose the dealership; a single option is chosen automatically, once. */
export function LocationField({ label, choices, make, type }: { label: string; choices: readonly string[]; make?: string; type?: LocationType }) {
  const site = useSite();
  const dropdown = resolvedSettings(site.settings).locations.dropdown;
  const options = useMemo(() => {
    if (choices.length) return [];
    const all = siteLocations(site);
    // Locations selling the car's make; every location when none lists it.
    // A form about one kind of location (service booking: service) offers only that kind.
    const forMake = make ? locationDropdownOptions(all, { make, type }, dropdown) : [];
    return forMake.length ? forMake : locationDropdownOptions(all, { type }, dropdown);
  }, [choices, site, make, type, dropdown]);
  const { setValue, getValues, register } = useFormContext<FieldValues>();
  const autoSelected = useRef(false);
  useEffect(() => {
    const only = autoSelectedLocation(options, autoSelected.current || Boolean(getValues('location')));
    if (!only) return;
    autoSelected.current = true;
    for (const [name, value] of Object.entries(locationChoiceValues(only, dropdown))) setValue(name, value);
  }, [options, dropdown, getValues, setValue]);

  if (choices.length)
    return <SelectField name="location" label={label} required placeholder="Choose a location" options={choices.map((c) => ({ value: c, label: c }))} />;
  if (!options.length) return <TextField name="location" label={label} required />;
  const registered = register('location', {
    onChange: (e: { target: { value: string } }) => {
      const chosen = options.find((l) => l.name === e.target.value);
      if (!chosen) return;
      for (const [name, value] of Object.entries(locationChoiceValues(chosen, dropdown))) if (name !== 'location') setValue(name, value);
    },
  });
  // Sites with the setting let the shopper pick by postcode: the nearest of the offered locations.
  const chooseNearest = (chosen: DealerLocation) => {
    for (const [name, value] of Object.entries(nearestChoiceValues(chosen))) {
      // The dealership only where the form has that field (a one-dealership form has none to fill).
      if (name === 'location' || getValues(name) !== undefined) setValue(name, value, { shouldValidate: true });
    }
  };
  const nearest = site.settings.locations?.nearestLocationInForms && options.length > 1;
  const field = (
    <FieldShell name="location" label={label} required>
      {({ id, describedBy, invalid }) => (
        <select id={id} className="form-input form-select" aria-required aria-invalid={invalid || undefined} aria-describedby={describedBy} {...registered}>
          <option value="">Choose a location</option>
          {options.map((l) => (
            <option key={l.id} value={l.name}>
              {l.name}
              {l.address?.city ? ` (${l.address.city})` : ''}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
  if (!nearest) return field;
  return (
    <>
      {field}
      <details className="nearest-in-form">
        <summary>Find your nearest dealership</summary>
        <NearestLocationFinder limit={3} only={options.map((o) => o.id)} onChoose={(l) => chooseNearest(options.find((o) => o.id === l.id) ?? l)} />
      </details>
    </>
  );
}

export function PreferredDateField({ label }: { label: string }) {
  const { register } = useFormContext<FieldValues>();
  // The earliest day depends on today: known only in the browser, after hydration.
  const [min, setMin] = useState<string | undefined>(undefined);
  useEffect(() => setMin(earliestBookableDate(new Date())), []);
  return (
    <FieldShell name="preferred_date" label={label} hint="Optional">
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="date"
          className="form-input"
          min={min}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register('preferred_date')}
        />
      )}
    </FieldShell>
  );
}

/** Times the location is open on the chosen date: the chosen location, else the car's, else the primary sales one. */
export function PreferredTimeField({ label, carLocationId }: { label: string; carLocationId?: number }) {
  const site = useSite();
  const { register, setValue, getValues } = useFormContext<FieldValues>();
  const [date, locationName] = useWatch({ name: ['preferred_date', 'location'] }) as [string | undefined, string | undefined];
  const locations = useMemo(() => siteLocations(site), [site]);
  const location =
    locations.find((l) => locationName && l.name === locationName) ??
    locations.find((l) => l.id === carLocationId) ??
    locations.find((l) => l.primary && (l.location_type ?? 'sales') === 'sales') ??
    locations[0];
  const answer = useAppointmentSlots(date, location?.id);
  const slots = answer.state === 'done' ? answer.slots : [];
  const values = slots.map((s) => s.value).join(',');
  useEffect(() => {
    // A time from another day's hours is dropped when the answer for a new date comes.
    if (answer.state !== 'done') return;
    const chosen = getValues('preferred_time');
    if (chosen && !values.split(',').includes(chosen)) setValue('preferred_time', '');
  }, [answer.state, values, getValues, setValue]);
  const name = answer.state === 'done' ? answer.location : location?.name;
  const hint =
    answer.state === 'idle'
      ? 'Optional. Choose a date first.'
      : answer.state === 'loading'
        ? 'Finding times…'
        : answer.state === 'error'
          ? answer.message
          : slots.length
            ? `Optional. ${name ?? ''} times.`.replace(' .', '.')
            : `${name ?? 'We are'} closed on this day. Please choose another date.`;
  return (
    <FieldShell name="preferred_time" label={label} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="form-input form-select"
          disabled={!slots.length}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register('preferred_time')}
        >
          <option value="">{slots.length ? 'Any time' : 'No times available'}</option>
          {slots.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
