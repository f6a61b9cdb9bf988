// 'My account' (issue 10): details with an editable phone, the watchlist link, saved searches, sign-out.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ResolvedMyAccountProps as MyAccountProps } from '../../schemas/generated/block-props';
import { ACCOUNT_MESSAGES as M, checkPhone } from '../../runtime/domain/accounts';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useSite } from '../../runtime/renderer/site-context';
import { accountPost, setShopper, useShopper, type Shopper } from '../../runtime/ui/accounts/shopper';
import { SavedSearchList } from '../../runtime/ui/accounts/SavedSearchList';
import { AlertSettings } from '../../runtime/ui/accounts/AlertSettings';
import '../../runtime/ui/accounts/accounts.css';

export default function MyAccount({ props }: BlockComponentProps<MyAccountProps>) {
  const { shopper, status } = useShopper();
  const site = useSite();
  const navigate = useNavigate();
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settings = (site.settings ?? {}) as { accounts?: { watchlist?: boolean; savedSearches?: boolean } };
  const hasWatchlist = settings.accounts?.watchlist !== false && Boolean(site.pages['/watchlist']);

  const signingOut = useRef(false);
  useEffect(() => {
    // Signed out in another tab or the session expired: sign in again (not after this page's own Sign Out).
    if (status === 'ready' && !shopper && !signingOut.current) navigate('/sign-in?type=page&redirect=%2Fmy-account&back=%2F', { replace: true });
  }, [status, shopper, navigate]);

  if (!shopper)
    return (
      <section className="account-page card" aria-busy="true">
        <h1>{props.heading}</h1>
        <p>Loading your account...</p>
      </section>
    );

  const savePhone = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = String(new FormData(event.currentTarget).get('phone') ?? '');
    const error = checkPhone(phone, false);
    setPhoneError(error);
    setSaved(null);
    if (error) return;
    setBusy(true);
    const r = await accountPost<{ shopper?: Shopper; error?: string; fields?: { phone?: string }; message?: string }>('/api/account/details', { phone });
    setBusy(false);
    if (!r.ok || !r.body.shopper) return setPhoneError(r.body.fields?.phone ?? r.body.error ?? M.unavailable);
    setShopper(r.body.shopper);
    setSaved(r.body.message ?? M.phoneSaved);
  };

  const signOut = async () => {
    signingOut.current = true;
    await accountPost('/api/account/sign-out');
    navigate('/', { replace: true });
    setShopper(null);
  };

  return (
    <section className="account-page account-details card" aria-labelledby="my-account-heading">
      <h1 id="my-account-heading">{props.heading}</h1>
      <dl>
        <dt>Name</dt>
        <dd>{shopper.name}</dd>
        <dt>Email</dt>
        <dd>{shopper.email}</dd>
      </dl>
      <form noValidate onSubmit={savePhone} id="phone">
        <div className="form-field">
          <label htmlFor="account-phone">Phone</label>
          <input
            id="account-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={shopper.phone ?? ''}
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? 'account-phone-error' : undefined}
          />
          {!shopper.phone && <small>Add your phone number to save cars to your watchlist.</small>}
          {phoneError && (
            <span id="account-phone-error" className="form-error">
              {phoneError}
            </span>
          )}
        </div>
        {saved && (
          <p className="form-success" role="status">
            {saved}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Save Phone Number
          </button>
        </div>
      </form>
      <p className="account-links">
        {hasWatchlist && <Link to="/watchlist">My Watchlist</Link>}
        {site.pages['/favourites'] && <Link to="/favourites">My Favourites</Link>}
        {site.pages['/compare'] && <Link to="/compare">Compare Cars</Link>}
      </p>
      {settings.accounts?.savedSearches !== false && <SavedSearchList />}
      <AlertSettings />
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={signOut}>
          Sign Out
        </button>
      </div>
    </section>
  );
}
