// Dealerships and their locations: pick a location, edit its dealership and its own details (address, phones, licence
// numbers, type, visibility, opening hours as a weekly grid, special hours) with forms generated from the schema, and
// change the order of a dealership's locations; add and remove locations and dealerships (runtime/document: refused
// while something uses them, naming what). The preview shows the location's page while this panel is open.
import { Fragment, useState } from 'react';
import { addDealership, removeDealership } from '../../runtime/document/dealerships';
import { addLocation, removeLocation } from '../../runtime/document/locations';
import { allLocations, applyOpeningHoursToAll, copySpecialHours } from '../../runtime/document/location-hours';
import { api } from './api';
import { PageOperationError } from '../../runtime/document/pages';
import { objectFields } from './schema-form';
import { Advanced, splitTechnical } from './advanced-fields';
import { rootSchema } from './doc-model';
import { FieldView, type FormContext } from './Fields';
import './widgets/hours';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
type Doc = Record<string, any>;
export interface LocationRef {
  d: number;
  l: number;
}

const dealershipFields = splitTechnical(objectFields(rootSchema.definitions.dealership, rootSchema, ['locations']));
const locationFields = splitTechnical(objectFields(rootSchema.definitions.location, rootSchema));

/** The location's page on this site (a page bound to location data, e.g. /locations/:slug) with its slug filled in. */
export function locationPagePath(pages: Record<string, { data?: string }>, slug: string): string | undefined {
  const route = Object.keys(pages)
    .filter((r) => pages[r]?.data === 'location' && /\/:slug$/.test(r))
    .sort((a, b) => (a === '/locations/:slug' ? -1 : b === '/locations/:slug' ? 1 : a.localeCompare(b)))[0];
  return route?.replace(/:slug$/, slug);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** This location's weekly hours applied to all the others, its special hours copied to one other or all. */
function ShareHours({ doc, at, apply }: { doc: Doc; at: LocationRef; apply(label: string, recipe: (d: Doc) => Doc | undefined): void }) {
  const [to, setTo] = useState('all');
  const [status, setStatus] = useState('');
  const all = allLocations(doc);
  const others = all.filter((x) => x.d !== at.d || x.l !== at.l);
  const here = all.find((x) => x.d === at.d && x.l === at.l);
  if (!here || others.length === 0) return null;
  const targets = to === 'all' ? others : others.filter((x) => `${x.d}.${x.l}` === to);
  return (
    <div role="group" aria-label="Share this location's hours" className="nav-add share-hours">
      <p className="help">The same hours at the group's other locations:</p>
      <button
        type="button"
        className="small"
        onClick={() => {
          let n = 0;
          apply(`Apply ${here.name}'s opening hours to all locations`, (d) => {
            n = applyOpeningHoursToAll(d, at);
            return undefined;
          });
          setStatus(n ? `Applied the opening hours of ${here.label} to ${plural(n, 'other location')}.` : 'Every location already has these opening hours.');
        }}
      >
        Apply these opening hours to all locations
      </button>
      <label>
        Copy special hours to{' '}
        <select value={to} onChange={(e) => setTo(e.target.value)}>
          <option value="all">All other locations</option>
          {others.map((x) => (
            <option key={`${x.d}.${x.l}`} value={`${x.d}.${x.l}`}>
              {x.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="small"
        disabled={!((doc.dealerships[at.d].locations[at.l] as Doc).special_hours ?? []).length}
        onClick={() => {
          let n = 0;
          apply(`Copy ${here.name}'s special hours`, (d) => {
            n = copySpecialHours(d, at, targets);
            return undefined;
          });
          setStatus(n ? `Copied the special hours of ${here.label} to ${plural(n, 'location')}.` : 'Those locations already have these special hours.');
        }}
      >
        Copy special hours
      </button>
      {status && (
        <p className="muted" role="status">
          {status}
        </p>
      )}
    </div>
  );
}

export function LocationsPanel({
  doc,
  ctx,
  at,
  onSelect,
  apply,
}: {
  doc: Doc;
  ctx: FormContext;
  at: LocationRef;
  onSelect(at: LocationRef): void;
  apply(label: string, recipe: (d: Doc) => Doc | undefined): void;
}) {
  const [newName, setNewName] = useState('');
  const [newDealership, setNewDealership] = useState('');
  const [error, setError] = useState('');
  const attempt = async (run: () => void | Promise<void>) => {
    try {
      await run();
      setError('');
    } catch (e) {
      if (e instanceof PageOperationError) setError(e.message);
      else throw e;
    }
  };
  // Other sites' dealership ids (a new id must not take one) and the stock filed under each of this site's.
  const dealershipFacts = async () => {
    const r = await api<{ takenByOtherSites: number[]; stock: Record<string, number> }>('GET', `/tenants/${ctx.site}/dealerships`);
    if (!r.ok) throw new PageOperationError(r.error);
    return r.data;
  };
  const dealerships = (doc.dealerships ?? []) as { name: string; locations?: { id: number; name: string; slug: string }[] }[];
  const dealership = dealerships[at.d];
  const locations = dealership?.locations ?? [];
  const location = locations[at.l];
  if (!dealership || !location) return <p className="empty">This site has no locations yet.</p>;
  const move = (delta: -1 | 1) => {
    const to = at.l + delta;
    apply(`Move ${location.name}`, (d) => {
      const list = d.dealerships[at.d].locations;
      [list[at.l], list[to]] = [list[to], list[at.l]];
    });
    onSelect({ d: at.d, l: to });
  };
  return (
    <form className="props-form" onSubmit={(e) => e.preventDefault()} aria-label="Dealerships and locations">
      <h2>Dealerships and locations</h2>
      <label htmlFor="location-select">Location</label>
      <select
        id="location-select"
        value={`${at.d}.${at.l}`}
        onChange={(e) => {
          const [d = 0, l = 0] = e.target.value.split('.').map(Number);
          onSelect({ d, l });
        }}
      >
        {dealerships.map((dl, i) =>
          (dl.locations ?? []).map((l, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an option stands for a location's place in the document: its value is that place
            <option key={`${i}.${j}`} value={`${i}.${j}`}>
              {dl.name} › {l.name}
            </option>
          )),
        )}
      </select>
      <div className="item-actions">
        <button type="button" className="small" disabled={at.l === 0} onClick={() => move(-1)}>
          Move earlier
        </button>
        <button type="button" className="small" disabled={at.l === locations.length - 1} onClick={() => move(1)}>
          Move later
        </button>
        <button
          type="button"
          className="small danger"
          onClick={() =>
            attempt(() => {
              const next = removeLocation(doc, rootSchema, at.d, at.l);
              apply(`Remove location ${location.name}`, () => next);
              onSelect({ d: at.d, l: Math.max(0, at.l - 1) });
            })
          }
        >
          Remove location
        </button>
      </div>
      <div role="group" aria-label="Add a location" className="nav-add">
        <label>
          Name of the new location <input type="text" value={newName} placeholder="Service centre" onChange={(e) => setNewName(e.target.value)} />
        </label>
        <button
          type="button"
          className="small"
          onClick={() =>
            attempt(() => {
              const { doc: next, index } = addLocation(doc, at.d, newName);
              apply(`Add location ${newName.trim()}`, () => next);
              onSelect({ d: at.d, l: index });
              setNewName('');
            })
          }
        >
          Add location to {dealership.name}
        </button>
      </div>
      <div className="item-actions">
        <button
          type="button"
          className="small danger"
          onClick={() =>
            attempt(async () => {
              const { stock } = await dealershipFacts();
              const next = removeDealership(doc, rootSchema, at.d, stock[(dealership as Doc).id] ?? 0);
              apply(`Remove dealership ${dealership.name}`, () => next);
              onSelect({ d: Math.max(0, at.d - 1), l: 0 });
            })
          }
        >
          Remove dealership {dealership.name}
        </button>
      </div>
      <div role="group" aria-label="Add a dealership" className="nav-add">
        <label>
          Name of the new dealership{' '}
          <input type="text" value={newDealership} placeholder="Harbourside Kia" onChange={(e) => setNewDealership(e.target.value)} />
        </label>
        <button
          type="button"
          className="small"
          onClick={() =>
            attempt(async () => {
              const { takenByOtherSites } = await dealershipFacts();
              const { doc: next, index } = addDealership(doc, newDealership, takenByOtherSites);
              apply(`Add dealership ${newDealership.trim()}`, () => next);
              onSelect({ d: index, l: 0 });
              setNewDealership('');
            })
          }
        >
          Add dealership
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <details className="field field-object">
        <summary>Dealership: {dealership.name}</summary>
        {dealershipFields[0].map((f) => (
          <FieldView key={`d${at.d}.${f.key}`} spec={f} value={(dealership as Doc)[f.key]} path={['dealerships', at.d, f.key]} ctx={ctx} depth={1} />
        ))}
        <Advanced show>
          {dealershipFields[1].map((f) => (
            <FieldView key={`d${at.d}.${f.key}`} spec={f} value={(dealership as Doc)[f.key]} path={['dealerships', at.d, f.key]} ctx={ctx} depth={1} />
          ))}
        </Advanced>
      </details>
      <h3>{location.name}</h3>
      {locationFields[0].map((f) => (
        <Fragment key={`l${at.d}.${at.l}.${f.key}`}>
          <FieldView spec={f} value={(location as Doc)[f.key]} path={['dealerships', at.d, 'locations', at.l, f.key]} ctx={ctx} />
          {/* Right under the hours they share. */}
          {f.key === 'special_hours' && <ShareHours key={`${at.d}.${at.l}`} doc={doc} at={at} apply={apply} />}
        </Fragment>
      ))}
      {!locationFields[0].some((f) => f.key === 'special_hours') && <ShareHours key={`${at.d}.${at.l}`} doc={doc} at={at} apply={apply} />}
      <Advanced show={locationFields[1].length > 0}>
        {locationFields[1].map((f) => (
          <FieldView
            key={`l${at.d}.${at.l}.${f.key}`}
            spec={f}
            value={(location as Doc)[f.key]}
            path={['dealerships', at.d, 'locations', at.l, f.key]}
            ctx={ctx}
          />
        ))}
      </Advanced>
    </form>
  );
}
