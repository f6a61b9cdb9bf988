// Password pages of the editor: the page a one-time link from an invite or reset mail opens (the token is in the
// URL's fragment, so it never reaches a server log), a forgotten-password request, and staff changing their own.
import { useEffect, useState, type FormEvent } from 'react';
import { api, setCsrf, type AccountInfo } from './api';

export const SET_PASSWORD_PATH = '/editor/set-password';
const MIN_PASSWORD_LENGTH = 10;

function NewPasswordFields() {
  return (
    <>
      <label htmlFor="new-password">New password</label>
      <input
        id="new-password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
        aria-describedby="new-password-help"
      />
      <p id="new-password-help" className="muted">
        At least {MIN_PASSWORD_LENGTH} characters.
      </p>
      <label htmlFor="repeat-password">Repeat the new password</label>
      <input id="repeat-password" name="repeat" type="password" autoComplete="new-password" required />
    </>
  );
}

function sameNewPassword(form: FormData): string | undefined {
  return form.get('password') === form.get('repeat') ? undefined : 'The two passwords are not the same.';
}

export function SetPasswordPage({ onSignedIn }: { onSignedIn(a: AccountInfo): void }) {
  const token = location.hash.slice(1);
  const [link, setLink] = useState<{ purpose: 'invite' | 'reset'; email: string; name: string } | null | undefined>(undefined);
  const [linkError, setLinkError] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!token) return setLinkError('This link is incomplete. Open it from your mail again.');
    api<{ purpose: 'invite' | 'reset'; email: string; name: string }>('GET', `/links/${encodeURIComponent(token)}`).then((r) =>
      r.ok ? setLink(r.data) : (setLink(null), setLinkError(r.error)),
    );
  }, [token]);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const mismatch = sameNewPassword(form);
    if (mismatch) return setError(mismatch);
    setBusy(true);
    setError('');
    const res = await api<{ account: AccountInfo; csrf: string }>('POST', `/links/${encodeURIComponent(token)}`, { password: form.get('password') });
    setBusy(false);
    if (!res.ok) return setError(res.error);
    setCsrf(res.data.csrf);
    history.replaceState(null, '', '/editor');
    onSignedIn(res.data.account);
  }
  return (
    <main className="signin">
      <form onSubmit={submit} className="card-panel" aria-labelledby="set-password-title">
        <h1 id="set-password-title">{link?.purpose === 'reset' ? 'Choose a new password' : 'Welcome to the site editor'}</h1>
        {link === undefined && !linkError && <p className="muted">Checking your link…</p>}
        {linkError && (
          <p className="field-error" role="alert">
            {linkError}
          </p>
        )}
        {link && (
          <>
            <p className="muted">
              {link.name} ({link.email}): choose the password you will sign in with.
            </p>
            <NewPasswordFields />
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Saving…' : 'Set password and sign in'}
            </button>
          </>
        )}
        <a href="/editor">Back to sign in</a>
      </form>
    </main>
  );
}

export function ForgotPasswordForm({ onBack }: { onBack(): void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const res = await api<{ message: string }>('POST', '/password-reset', { email: new FormData(e.currentTarget).get('email') });
    if (res.ok) setMessage(res.data.message);
    else setError(res.error);
  }
  return (
    <main className="signin">
      <form onSubmit={submit} className="card-panel" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgotten password</h1>
        <label htmlFor="forgot-email">Email</label>
        <input id="forgot-email" name="email" type="email" autoComplete="username" required />
        {message && <p role="status">{message}</p>}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary">
          Send me a link
        </button>
        <button type="button" onClick={onBack}>
          Back to sign in
        </button>
      </form>
    </main>
  );
}

export function ChangePasswordPage({ onBack }: { onBack(): void }) {
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const mismatch = sameNewPassword(form);
    if (mismatch) return setError(mismatch);
    setBusy(true);
    setError('');
    const res = await api<{ csrf: string; message: string }>('POST', '/password', { current: form.get('current'), password: form.get('password') });
    setBusy(false);
    if (!res.ok) return setError(res.error);
    setCsrf(res.data.csrf);
    formEl.reset();
    setDone(res.data.message);
  }
  return (
    <main className="signin">
      <form onSubmit={submit} className="card-panel" aria-labelledby="change-password-title">
        <h1 id="change-password-title">Change your password</h1>
        <label htmlFor="current-password">Current password</label>
        <input id="current-password" name="current" type="password" autoComplete="current-password" required />
        <NewPasswordFields />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {done && <p role="status">{done}</p>}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
        <button type="button" onClick={onBack}>
          Back to your sites
        </button>
      </form>
    </main>
  );
}
