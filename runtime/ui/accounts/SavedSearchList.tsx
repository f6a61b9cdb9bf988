// The shopper's saved searches on the account page, with how many new matching cars arrived since the last visit.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { accountPost } from './shopper';

interface SavedSearchView {
  id: string;
  name: string;
  path: string;
  newCars: number | null;
}

export function SavedSearchList() {
  const [list, setList] = useState<SavedSearchView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/saved-searches', { headers: { accept: 'application/json' } })
      .then(async (r) =>
        r.ok ? setList(((await r.json()) as { searches: SavedSearchView[] }).searches) : setError('Your saved searches could not be loaded.'),
      )
      .catch(() => setError('Your saved searches could not be loaded.'));
  }, []);
  const remove = async (id: string) => {
    const r = await accountPost(`/api/saved-searches/${encodeURIComponent(id)}/delete`);
    if (r.ok) setList((l) => l?.filter((s) => s.id !== id) ?? null);
    else window.alert(r.body.error ?? 'The search could not be deleted.');
  };
  return (
    <section aria-labelledby="saved-searches-heading">
      <h2 id="saved-searches-heading">Saved Searches</h2>
      {error && <p role="alert">{error}</p>}
      {!list && !error && <p>Loading...</p>}
      {list && list.length === 0 && <p>No saved searches yet. Use 'Save Search' on a search page to keep one here.</p>}
      {list && list.length > 0 && (
        <ul className="saved-searches">
          {list.map((s) => (
            <li key={s.id}>
              <Link to={s.path} onClick={() => void accountPost(`/api/saved-searches/${encodeURIComponent(s.id)}/seen`)}>
                {s.name}
              </Link>
              {s.newCars ? <span className="new-cars-badge">{s.newCars} new</span> : null}
              <button type="button" className="button button-secondary" onClick={() => remove(s.id)} aria-label={`Delete saved search ${s.name}`}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
