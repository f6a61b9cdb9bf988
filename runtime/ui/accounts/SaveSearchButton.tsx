// 'Save Search' on search pages (beyond the seeds): a signed-in shopper names the current search (its URL) and finds
// it on the account page with the count of new matching cars; a signed-out shopper signs in first and comes back.
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signInHref } from '../../domain/accounts';
import { useSite } from '../../renderer/site-context';
import { showToast } from '../toast/toast-store';
import { accountPost, useShopper } from './shopper';
import './accounts.css';

export function SaveSearchButton({ suggestedName }: { suggestedName: string }) {
  const site = useSite();
  const { shopper } = useShopper();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabled = site.settings.accounts?.savedSearches !== false && Boolean(site.pages['/my-account']) && location.pathname.startsWith('/search');
  if (!enabled) return null;
  const path = location.pathname + location.search;

  const start = () => (shopper ? setOpen(true) : navigate(signInHref('save-search', path, path)));
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    const r = await accountPost<{ error?: string; fields?: Record<string, string> }>('/api/saved-searches', { name, path });
    if (!r.ok) return setError(r.body.fields?.name ?? r.body.error ?? 'The search could not be saved.');
    setOpen(false);
    setError(null);
    showToast('Search Saved', { label: 'View Saved Searches', href: '/my-account' });
  };

  if (!open)
    return (
      <button type="button" className="button save-search-button" onClick={start}>
        Save Search
      </button>
    );
  return (
    <form className="save-search-form" onSubmit={save} noValidate>
      <label htmlFor="save-search-name">Name this search</label>
      <input id="save-search-name" name="name" defaultValue={suggestedName} maxLength={80} required autoFocus aria-invalid={error ? true : undefined} />
      <button type="submit" className="button button-primary">
        Save
      </button>
      <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
