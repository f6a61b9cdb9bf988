// The editor shell: sign in, choose one of the sites this account may edit, then edit it.
import { useEffect, useState, type FormEvent } from 'react';
import { api, setCsrf, type AccountInfo, type RevisionMeta } from './api';
import { Editor } from './Editor';
import { AccountsPage } from './AccountsPage';
import { TemplatesPage } from './TemplatesPage';
import { ChangePasswordPage, ForgotPasswordForm, SET_PASSWORD_PATH, SetPasswordPage } from './PasswordPages';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
type Opened = { slug: string; doc: Record<string, any>; head: RevisionMeta; live: RevisionMeta };

function SignIn({ onSignedIn, onForgot }: { onSignedIn(a: AccountInfo): void; onForgot(): void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError('');
    const res = await api<{ account: AccountInfo; csrf: string }>('POST', '/login', { email: form.get('email'), password: form.get('password') });
    setBusy(false);
    if (!res.ok) return setError(res.error);
    setCsrf(res.data.csrf);
    onSignedIn(res.data.account);
  }
  return (
    <main className="signin">
      <form onSubmit={submit} className="card-panel" aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in to the site editor</h1>
        <p className="muted">Use your dealer staff account.</p>
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <button type="button" className="link-button" onClick={onForgot}>
          Forgotten your password?
        </button>
      </form>
    </main>
  );
}

function Sites({
  account,
  onOpen,
  onSignOut,
  onPage,
}: {
  account: AccountInfo;
  onOpen(slug: string): void;
  onSignOut(everywhere?: boolean): void;
  onPage(page: 'accounts' | 'templates' | 'password'): void;
}) {
  const [tenants, setTenants] = useState<{ slug: string; name: string }[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api<{ tenants: { slug: string; name: string }[] }>('GET', '/tenants').then((r) => (r.ok ? setTenants(r.data.tenants) : setError(r.error)));
  }, []);
  return (
    <main className="sites">
      <header className="sites-head">
        <h1>Your sites</h1>
        <span className="muted">
          {account.name} ({account.email}){account.admin ? ' · platform admin' : ''}
        </span>
        {account.admin && (
          <button type="button" onClick={() => onPage('accounts')}>
            Accounts
          </button>
        )}
        {account.admin && (
          <button type="button" onClick={() => onPage('templates')}>
            Templates
          </button>
        )}
        <button type="button" onClick={() => onPage('password')}>
          Change password
        </button>
        <button type="button" onClick={() => onSignOut()}>
          Sign out
        </button>
        <button type="button" onClick={() => onSignOut(true)} title="Ends your sessions in every browser and on every device">
          Sign out everywhere
        </button>
      </header>
      {error && <p className="field-error">{error}</p>}
      {!tenants && !error && <p className="muted">Loading…</p>}
      {tenants && tenants.length === 0 && <p className="empty">No sites are granted to this account yet. Ask a platform admin for access.</p>}
      <ul className="site-list" aria-label="Sites you can edit">
        {tenants?.map((t) => (
          <li key={t.slug}>
            <button type="button" className="site-card" onClick={() => onOpen(t.slug)}>
              <strong>{t.name}</strong>
              <span className="muted">{t.slug}</span>
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}

const slugFromUrl = () => new URLSearchParams(location.search).get('site') ?? '';

export function App() {
  const [account, setAccount] = useState<AccountInfo | null | undefined>(undefined);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [error, setError] = useState('');
  const [page, setPage] = useState<'sites' | 'accounts' | 'templates' | 'password' | 'forgot' | 'set-password'>(
    location.pathname === SET_PASSWORD_PATH ? 'set-password' : 'sites',
  );

  useEffect(() => {
    api<{ account: AccountInfo | null; csrf?: string }>('GET', '/session').then((r) => {
      if (r.ok && r.data.account && r.data.csrf) {
        setCsrf(r.data.csrf);
        setAccount(r.data.account);
      } else setAccount(null);
    });
  }, []);

  async function open(slug: string) {
    setError('');
    const res = await api<Opened>('GET', `/tenants/${slug}`);
    if (!res.ok) return setError(res.error);
    history.replaceState(null, '', `/editor?site=${encodeURIComponent(slug)}`);
    setOpened(res.data);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the site named in the address opens once, when the account is known (open changes every render)
  useEffect(() => {
    const slug = slugFromUrl();
    if (account && slug && !opened) open(slug);
  }, [account]);

  async function signOut(everywhere = false) {
    await api('POST', everywhere ? '/logout-everywhere' : '/logout', {});
    setAccount(null);
    setOpened(null);
  }

  if (page === 'set-password') return <SetPasswordPage onSignedIn={(a) => (setAccount(a), setPage('sites'))} />;
  if (account === undefined) return <p className="muted loading">Loading the editor…</p>;
  if (account === null)
    return page === 'forgot' ? <ForgotPasswordForm onBack={() => setPage('sites')} /> : <SignIn onSignedIn={setAccount} onForgot={() => setPage('forgot')} />;
  if (page === 'accounts' && account.admin) return <AccountsPage me={account} onBack={() => setPage('sites')} />;
  if (page === 'templates' && account.admin) return <TemplatesPage onBack={() => setPage('sites')} />;
  if (page === 'password') return <ChangePasswordPage onBack={() => setPage('sites')} />;
  if (opened) {
    return (
      <Editor
        key={opened.slug}
        slug={opened.slug}
        initial={opened}
        onExit={() => {
          history.replaceState(null, '', '/editor');
          setOpened(null);
        }}
      />
    );
  }
  return (
    <>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <Sites account={account} onOpen={open} onSignOut={signOut} onPage={setPage} />
    </>
  );
}
