// Platform admins manage staff accounts: every account with its sites and state, invite by email (a one-time link is
// mailed), grant and revoke sites, send a password link, disable or enable. The server checks every change
// (runtime/editor/staff-accounts.ts) and answers 403 to anyone who is not a platform admin.
import { useEffect, useState, type FormEvent } from 'react';
import { api, type AccountInfo } from './api';

export interface ManagedAccount extends AccountInfo {
  state: 'active' | 'invited' | 'disabled';
}
type Site = { slug: string; name: string };

const stateText = { active: 'Active', invited: 'Invited (no password yet)', disabled: 'Disabled' } as const;

function InviteForm({ sites, onInvited }: { sites: Site[]; onInvited(a: ManagedAccount, message: string): void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    setBusy(true);
    setError('');
    const res = await api<{ account: ManagedAccount; message: string }>('POST', '/accounts', {
      email: form.get('email'),
      name: form.get('name'),
      sites: form.getAll('sites'),
    });
    setBusy(false);
    if (!res.ok) return setError(res.error);
    formEl.reset();
    onInvited(res.data.account, `${res.data.message} ${res.data.account.email} will get a link to choose a password.`);
  }
  return (
    <form className="invite-form" onSubmit={submit} aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a staff member</h2>
      <label htmlFor="invite-email">Email</label>
      <input id="invite-email" name="email" type="email" required autoComplete="off" />
      <label htmlFor="invite-name">Name</label>
      <input id="invite-name" name="name" type="text" maxLength={100} autoComplete="off" />
      <fieldset>
        <legend>Sites they may edit</legend>
        {sites.map((s) => (
          <label key={s.slug} className="check">
            <input type="checkbox" name="sites" value={s.slug} /> {s.name}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}

function AccountRow({
  account,
  sites,
  me,
  onChanged,
  onMessage,
}: {
  account: ManagedAccount;
  sites: Site[];
  me: AccountInfo;
  onChanged(a: ManagedAccount): void;
  onMessage(m: string, error?: boolean): void;
}) {
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/suspicious/noExplicitAny: each staff endpoint answers its own JSON; the success message picks what it needs
  async function run(method: string, path: string, body: unknown, success?: (data: any) => string) {
    setBusy(true);
    const res = await api<{ account: ManagedAccount; message?: string }>(method, path, body);
    setBusy(false);
    if (!res.ok) return onMessage(res.error, true);
    onChanged(res.data.account);
    if (success) onMessage(success(res.data));
  }
  const path = `/accounts/${encodeURIComponent(account.email)}`;
  return (
    <li className={`account account-${account.state}`} data-account={account.email}>
      <div className="account-head">
        <strong>{account.name}</strong> <span className="muted">{account.email}</span>
        <span className={`badge badge-${account.state}`}>{stateText[account.state]}</span>
        {account.admin && <span className="badge">Platform admin</span>}
      </div>
      {account.admin ? (
        <p className="muted">May edit every site.</p>
      ) : (
        <fieldset className="account-sites" disabled={busy}>
          <legend>Sites {account.name} may edit</legend>
          {sites.map((s) => (
            <label key={s.slug} className="check">
              <input
                type="checkbox"
                checked={account.tenants.includes(s.slug)}
                onChange={(e) =>
                  run(
                    'POST',
                    `${path}/grants`,
                    { sites: [s.slug], revoke: !e.target.checked },
                    () => `${e.target.checked ? 'Granted' : 'Revoked'} ${s.name} for ${account.email}.`,
                  )
                }
              />{' '}
              {s.name}
            </label>
          ))}
        </fieldset>
      )}
      <div className="account-actions">
        {account.state !== 'disabled' && (
          <button
            type="button"
            className="small"
            disabled={busy}
            onClick={() => run('POST', `${path}/password-link`, {}, (d) => `${d.message} (to ${account.email})`)}
          >
            {account.state === 'invited' ? 'Send the invitation again' : 'Send a password reset link'}
          </button>
        )}
        {account.email !== me.email && (
          <button
            type="button"
            className="small"
            disabled={busy}
            onClick={() => {
              const disable = account.state !== 'disabled';
              if (disable && !confirm(`Disable ${account.email}? They are signed out at once and cannot sign in until enabled.`)) return;
              run(
                'POST',
                `${path}/disabled`,
                { disabled: disable },
                () => `${account.email} is ${disable ? 'disabled and signed out everywhere' : 'enabled again'}.`,
              );
            }}
          >
            {account.state === 'disabled' ? 'Enable' : 'Disable'}
          </button>
        )}
      </div>
    </li>
  );
}

export function AccountsPage({ me, onBack }: { me: AccountInfo; onBack(): void }) {
  const [accounts, setAccounts] = useState<ManagedAccount[] | null>(null);
  const [sites, setSites] = useState<Site[]>([]);
  const [error, setError] = useState('');
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  useEffect(() => {
    api<{ accounts: ManagedAccount[]; sites: Site[] }>('GET', '/accounts').then((r) => {
      if (!r.ok) return setError(r.error);
      setAccounts(r.data.accounts);
      setSites(r.data.sites);
    });
  }, []);
  const replace = (a: ManagedAccount) =>
    setAccounts((list) => ((list ?? []).some((x) => x.email === a.email) ? (list ?? []).map((x) => (x.email === a.email ? a : x)) : [...(list ?? []), a]));
  return (
    <main className="sites accounts-page">
      <header className="sites-head">
        <h1>Accounts</h1>
        <span className="muted">Staff accounts of the site editor</span>
        <button type="button" onClick={onBack}>
          Back to your sites
        </button>
      </header>
      {message && (
        <p className={`notice ${message.error ? 'notice-error' : 'notice-success'}`} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {error && <p className="field-error">{error}</p>}
      {!accounts && !error && <p className="muted">Loading the accounts…</p>}
      {accounts && (
        <>
          <InviteForm sites={sites} onInvited={(a, m) => (replace(a), setMessage({ text: m }))} />
          <ul className="account-list" aria-label="Accounts">
            {accounts.map((a) => (
              <AccountRow
                key={a.email}
                account={a}
                sites={sites}
                me={me}
                onChanged={replace}
                onMessage={(text, isError) => setMessage({ text, error: isError })}
              />
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
