// The save-to-watchlist button of result cards and the vehicle page (docs/requirements/vehicle-browsing.md#states, #roles, #calls).
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useNavigate } from '../../renderer/Link';
import { WATCHLIST_MESSAGES as W, watchlistClick } from '../../domain/accounts';
import { isAvailable } from '../../domain/vehicle/availability';
import { showToast } from '../toast/toast-store';
import { useTrackAction } from '../tracking';
import { knownShopper, loadShopper, useShopper } from './shopper';
import { changeWatchlist, loadWatchlistIds, useWatchlistIds } from './watchlist-client';
import './accounts.css';
import { StarIcon } from '../icons/icons';

const WATCHLIST_PATH = '/watchlist';

export function WatchlistButton({ car, title, variant = 'card' }: { car: { id: number; status?: string | null }; title: string; variant?: 'card' | 'full' }) {
  const trackAction = useTrackAction();
  const { shopper, status } = useShopper();
  const saved = useWatchlistIds(shopper?.id).has(car.id);
  const navigate = useNavigate();
  const location = useLocation();
  const [note, setNote] = useState<string | null>(null);

  const onClick = async () => {
    setNote(null);
    // A click made before the block hydrated is replayed as it hydrates, before the account is known: wait for it,
    // or a signed-in shopper would be sent to sign in. What the button showed (saved or not) is what was meant.
    if (status === 'unknown' || status === 'loading') await loadShopper();
    const account = knownShopper().shopper;
    // And for the saved cars, so that their first answer does not undo this change.
    if (account) await loadWatchlistIds(account.id);
    const action = watchlistClick({
      signedIn: Boolean(account),
      hasPhone: Boolean(account?.phone),
      saved,
      available: isAvailable({ status: car.status ?? undefined }),
      path: location.pathname + location.search,
    });
    switch (action.kind) {
      case 'sign-in':
        return navigate(action.href);
      case 'need-phone':
        // Only a console warning: the account page is where the shopper is asked for the number.
        return console.warn(W.phoneWarning);
      case 'sold':
        return setNote(W.soldCannotSave);
      case 'save':
        trackAction('saveToWatchlist', { car_id: car.id });
        showToast(W.saved, { label: W.viewList, href: WATCHLIST_PATH });
        return void changeWatchlist('save', car.id, account!.phone!);
      case 'remove':
        showToast(W.removed, { label: W.viewList, href: WATCHLIST_PATH });
        return void changeWatchlist('remove', car.id, account!.phone!);
    }
  };

  const label = saved ? `Remove ${title} from watchlist` : `Save ${title} to watchlist`;
  // On a card, a visible word and a tooltip tell it from the favourite toggle beside it.
  const card = variant === 'card';
  return (
    <span className={`watchlist-save watchlist-${variant}`}>
      <button
        type="button"
        className={card ? 'car-card-save save-watchlist watchlist-button' : 'button watchlist-button'}
        aria-pressed={saved}
        aria-label={label}
        title={card ? 'Save to your watchlist (on your account)' : label}
        disabled={status === 'loading' && !shopper}
        onClick={onClick}
      >
        <StarIcon filled={saved} />
        {card ? 'Watchlist' : <span>{saved ? 'Saved to Watchlist' : 'Save to Watchlist'}</span>}
      </button>
      {note && (
        <span className="watchlist-note" role="alert">
          {note}
        </span>
      )}
    </span>
  );
}
