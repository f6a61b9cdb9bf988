// The shopper's alert mail on the account page: how often each saved search and the watchlist are mailed (the site's
// choices), and why alerts are paused when mail to the address bounced.
import { useEffect, useState } from 'react';
import { accountPost } from './shopper';

interface AlertView {
  id: string;
  name: string;
  frequency: string;
}
interface AlertsAnswer {
  enabled: boolean;
  frequencies: string[];
  alerts: AlertView[];
  bounced: string | null;
}

const LABELS: Record<string, string> = { instant: 'As soon as they arrive', daily: 'Daily', weekly: 'Weekly', off: 'Off' };

export function AlertSettings() {
  const [data, setData] = useState<AlertsAnswer | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => {
    fetch('/api/alerts', { headers: { accept: 'application/json' } })
      .then(async (r) => (r.ok ? setData((await r.json()) as AlertsAnswer) : undefined))
      .catch(() => {});
  }, []);
  if (!data?.enabled || !data.alerts.length) return null;
  const change = async (alert: AlertView, frequency: string) => {
    const r = await accountPost<{ error?: string; resumed?: string }>('/api/alerts/frequency', { alert: alert.id, frequency });
    if (!r.ok) return setMessage({ text: r.body.error ?? 'Your alert could not be changed. Please try again.', error: true });
    const resumed = r.body.resumed;
    setData((d) => d && { ...d, bounced: resumed ? null : d.bounced, alerts: d.alerts.map((a) => (a.id === alert.id ? { ...a, frequency } : a)) });
    const changed = `${alert.name}: ${frequency === 'off' ? 'no more emails' : `emails ${(LABELS[frequency] ?? frequency).toLowerCase()}`}.`;
    setMessage({ text: resumed ? `${changed} ${resumed}` : changed, error: false });
  };
  return (
    <section aria-labelledby="alerts-heading" className="account-alerts">
      <h2 id="alerts-heading">Email Alerts</h2>
      {data.bounced && (
        <p className="form-error" role="alert">
          {data.bounced}
        </p>
      )}
      <ul className="alert-list">
        {data.alerts.map((a) => (
          <li key={a.id}>
            <label htmlFor={`alert-${a.id}`}>{a.id === 'watchlist' ? 'Watchlist: price drops, reserved and sold cars' : `New cars for “${a.name}”`}</label>{' '}
            <select id={`alert-${a.id}`} value={a.frequency} onChange={(e) => void change(a, e.currentTarget.value)}>
              {data.frequencies.map((f) => (
                <option key={f} value={f}>
                  {LABELS[f] ?? f}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      {message && (
        <p className={message.error ? 'form-error' : 'form-success'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
