// 'Find your nearest dealership': a 4-digit postcode (docs/requirements/dealer-services.md#validation) geocoded on the server, then the site's locations
// nearest first with their distance (haversine, docs/requirements/dealer-services.md#constants). In lead forms each result can be chosen.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatPhone } from '../../domain/format';
import { POSTCODE_MAX_LENGTH, formatDistance, locationDetailsPath, phoneHref, postcodeError, type DealerLocation } from '../../domain/locations';
import { SiteLink } from '../../renderer/SiteLink';
import { useSite } from '../../renderer/site-context';
import { siteLocations } from './site-locations';
import './locations.css';

type Result = { location: DealerLocation; km: number };

export function NearestLocationFinder({
  type,
  limit = 3,
  only,
  onChoose,
  label = 'Your postcode',
  buttonLabel = 'Find',
}: {
  type?: 'sales' | 'service' | 'parts';
  /** Only these location ids (the options a form offers). */
  only?: readonly number[];
  limit?: number;
  onChoose?: (location: DealerLocation) => void;
  label?: string;
  buttonLabel?: string;
}) {
  const site = useSite();
  const inputId = useId();
  const errorId = useId();
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<Result[] | null>(null);
  // Marks the finder as interactive: its block may hydrate after the page (it sits in a lazy Suspense boundary).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const find = async (e?: FormEvent) => {
    e?.preventDefault();
    const message = postcodeError(postcode);
    setError(message);
    setResults(null);
    if (message) return;
    setBusy(true);
    try {
      const q = new URLSearchParams({ postcode: postcode.trim(), limit: String(only ? 10 : limit), ...(type ? { type } : {}) });
      const response = await fetch(`/api/locations/nearest?${q}`, { headers: { accept: 'application/json' } });
      const body = (await response.json().catch(() => null)) as { message?: string; error?: string; locations?: Array<{ id: number; km: number }> } | null;
      if (!response.ok || !body?.locations) {
        setError(body?.message ?? body?.error ?? 'Sorry, we could not look up that postcode right now. Please try again.');
        return;
      }
      const all = siteLocations(site);
      const found = body.locations.flatMap((r) => {
        const location = all.find((l) => l.id === r.id);
        return location && (!only || only.includes(location.id)) ? [{ location, km: r.km }] : [];
      });
      setResults(found.slice(0, limit));
    } catch {
      setError('Sorry, we could not look up that postcode right now. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="nearest-location-finder" data-ready={ready || undefined}>
      {/* Inside a lead form this must not be a nested form: Enter and the button run the lookup instead. */}
      <div className="nearest-form" role="search">
        <div className="form-field">
          <label htmlFor={inputId}>{label}</label>
          <input
            id={inputId}
            className="form-input"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={POSTCODE_MAX_LENGTH}
            value={postcode}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setPostcode(e.target.value.slice(0, POSTCODE_MAX_LENGTH))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void find(e as unknown as FormEvent);
            }}
          />
        </div>
        <button type="button" className="button button-primary" onClick={() => void find()} disabled={busy}>
          {busy ? 'Finding...' : buttonLabel}
        </button>
      </div>
      {error && (
        <p id={errorId} className="form-error nearest-error" role="alert">
          {error}
        </p>
      )}
      {results && (
        <div aria-live="polite">
          {results.length === 0 ? (
            <p className="nearest-empty">None of our locations has a map position to measure from.</p>
          ) : (
            <ol className="nearest-results" aria-label={`Nearest locations to ${postcode}`}>
              {results.map(({ location, km }) => {
                const details = locationDetailsPath(site.pages, location);
                const phone = location.contact_detail?.phone;
                return (
                  <li key={location.id} data-location-id={location.id}>
                    <div>
                      <strong className="nearest-name">{location.name}</strong>
                      <br />
                      <span>
                        {location.address?.street}, {location.address?.city} {location.address?.state}
                      </span>
                      <br />
                      {phone && <a href={phoneHref(phone)}>{formatPhone(phone)}</a>} {details && !onChoose && <SiteLink href={details}>View Details</SiteLink>}
                    </div>
                    <div className="nearest-side">
                      <span className="nearest-distance">{formatDistance(km)}</span>
                      {onChoose && (
                        <button type="button" className="button button-secondary" onClick={() => onChoose(location)}>
                          Choose
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
