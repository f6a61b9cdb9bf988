// Renders the site's toast (see toast-store.ts) in a polite live region, so screen readers announce it.
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { toasts } from './toast-store';
import './toast.css';

const none: never[] = [];

export function ToastHost() {
  const shown = useSyncExternalStore(
    toasts.subscribe,
    () => toasts.toasts,
    () => none,
  );
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {shown.map((t) => (
        <div key={t.id} className="toast">
          <span className="toast-message">{t.message}</span>
          {t.action && (
            <Link className="toast-action" to={t.action.href} onClick={() => toasts.dismiss(t.id)}>
              {t.action.label}
            </Link>
          )}
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => toasts.dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
