// Sign in, sign up, confirm account, forgot password and reset password (issue 10). After sign-in the shopper goes to
// the `redirect` query parameter when it is a path on this site (anything else falls back to /); `back` is the cancel
// link. Sign-up signs nobody in: it mails a confirmation link (carrying the redirect as where to land), and the
// confirm-account page that link opens signs the shopper in.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ResolvedAccountFormProps as AccountFormProps } from '../../schemas/generated/block-props';
import { ACCOUNT_MESSAGES as M, ACCOUNT_PATH, checkEmail, checkPassword, checkPhone, safeRedirectPath } from '../../runtime/domain/accounts';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { accountPost, setShopper, type Shopper } from '../../runtime/ui/accounts/shopper';
import '../../runtime/ui/accounts/accounts.css';

const HEADINGS = {
  'sign-in': 'Sign In',
  'sign-up': 'Create an Account',
  'confirm-account': 'Confirm Your Email Address',
  'forgot-password': 'Forgot Your Password?',
  'reset-password': 'Choose a New Password',
} as const;
const REASONS: Record<string, string> = {
  watchlist: 'Sign in to save cars to your watchlist.',
  page: 'Please sign in to continue to this page.',
};

type Errors = Record<string, string | undefined>;

function Field({
  name,
  label,
  type = 'text',
  error,
  autoComplete,
  required = true,
  hint,
}: {
  name: string;
  label: string;
  type?: string;
  error?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
}) {
  const id = `account-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {hint && <small>{hint}</small>}
      {error && (
        <span id={`${id}-error`} className="form-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** The page a confirmation link opens: posts its token (a mail scanner's GET confirms nothing), then lands signed in. */
function ConfirmAccount({ heading, intro }: { heading: string; intro?: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = params.get('token');
    // A page opened without a link's token has nothing to confirm: no request the server could only refuse.
    if (!token) return setError(M.confirmInvalid);
    void (async () => {
      const r = await accountPost<{ shopper?: Shopper; next?: string; error?: string }>('/api/account/confirm-account', { token });
      if (r.ok && r.body.shopper) {
        setShopper(r.body.shopper);
        return navigate(safeRedirectPath(r.body.next, ACCOUNT_PATH), { replace: true });
      }
      setError(r.body.error ?? M.unavailable);
    })();
  }, [params, navigate]);
  return (
    <section className="account-page account-form card" aria-labelledby="account-form-heading">
      <h1 id="account-form-heading">{heading}</h1>
      {intro && <p>{intro}</p>}
      {error === null ? (
        <p role="status">Confirming your email address...</p>
      ) : (
        <>
          <div className="form-alert" role="alert">
            {error}
          </div>
          {error === M.confirmInvalid && <p>{M.confirmNewLink}</p>}
          <p className="account-links">
            <Link className="button button-primary" to="/sign-in">
              Sign In
            </Link>
            <Link className="button button-secondary" to="/sign-up">
              Create an Account
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

export default function AccountForm({ props }: BlockComponentProps<AccountFormProps>) {
  const { form } = props;
  if (form === 'confirm-account') return <ConfirmAccount heading={props.heading ?? HEADINGS[form]} intro={props.intro} />;
  return <AccountFormFields props={{ ...props, form }} />;
}

type FieldsForm = Exclude<AccountFormProps['form'], 'confirm-account'>;

function AccountFormFields({ props }: { props: AccountFormProps & { form: FieldsForm } }) {
  const form = props.form;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const redirect = safeRedirectPath(params.get('redirect'));
  const back = safeRedirectPath(params.get('back'));
  // Sign-in and sign-up pass the same redirect/back on to each other.
  const carry = new URLSearchParams();
  for (const key of ['type', 'redirect', 'back']) if (params.get(key)) carry.set(key, key === 'type' ? params.get(key)! : safeRedirectPath(params.get(key)));
  const carried = carry.toString() ? `?${carry}` : '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const found: Errors = {};
    if (form === 'sign-up') {
      if (!data.name?.trim()) found.name = M.required;
      found.phone = checkPhone(data.phone, false);
    }
    if (form !== 'reset-password') found.email = checkEmail(data.email);
    if (form === 'sign-in') found.password = data.password ? undefined : M.required;
    if (form === 'sign-up' || form === 'reset-password') found.password = checkPassword(data.password);
    setErrors(found);
    setAlert(null);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    // A sign-up carries where the shopper was going: the confirmation link lands there.
    const body =
      form === 'reset-password'
        ? { token: params.get('token') ?? '', password: data.password }
        : form === 'sign-up' && params.get('redirect')
          ? { ...data, next: redirect }
          : data;
    const r = await accountPost<{ shopper?: Shopper; error?: string; fields?: Errors; message?: string }>(`/api/account/${form}`, body);
    setBusy(false);
    if (!r.ok) {
      setErrors(r.body.fields ?? {});
      return setAlert(r.body.error ?? M.unavailable);
    }
    if (r.body.shopper) {
      setShopper(r.body.shopper);
      return navigate(redirect, { replace: true });
    }
    // Sign-up answers alike whether or not the email already had an account: check your email, in both cases.
    if (form === 'sign-up') setSentTo((data.email ?? '').trim());
    setDone(r.body.message ?? '');
  };

  const reason = form === 'sign-in' ? REASONS[params.get('type') ?? ''] : undefined;
  return (
    <section className="account-page account-form card" aria-labelledby="account-form-heading">
      <h1 id="account-form-heading">{props.heading ?? HEADINGS[form]}</h1>
      {reason && <p className="account-reason">{reason}</p>}
      {props.intro && <p>{props.intro}</p>}
      {done !== null ? (
        <div className="form-success" role="status">
          {sentTo && <h2 className="form-success-title">Check your email</h2>}
          <p>{done}</p>
          {sentTo && (
            <p>
              Sent to <strong>{sentTo}</strong>. Nothing there after a few minutes? Check your spam folder.
            </p>
          )}
          {form === 'reset-password' && <Link to="/sign-in">Sign In</Link>}
        </div>
      ) : (
        <form noValidate onSubmit={submit} aria-busy={busy || undefined}>
          {alert && (
            <div className="form-alert" role="alert">
              {alert}
            </div>
          )}
          {form === 'sign-up' && <Field name="name" label="Name" autoComplete="name" error={errors.name} />}
          {form !== 'reset-password' && <Field name="email" label="Email" type="email" autoComplete="email" error={errors.email} />}
          {form !== 'forgot-password' && (
            <Field
              name="password"
              label={form === 'reset-password' ? 'New password' : 'Password'}
              type="password"
              autoComplete={form === 'sign-in' ? 'current-password' : 'new-password'}
              error={errors.password}
              hint={form === 'sign-in' ? undefined : 'At least 10 characters.'}
            />
          )}
          {form === 'sign-up' && (
            <Field
              name="phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              required={false}
              error={errors.phone}
              hint="Needed to save cars to your watchlist."
            />
          )}
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy
                ? 'Please wait...'
                : { 'sign-in': 'Sign In', 'sign-up': 'Create Account', 'forgot-password': 'Email Me a Link', 'reset-password': 'Save New Password' }[form]}
            </button>
            {(form === 'sign-in' || form === 'sign-up') && (
              <Link className="button button-secondary" to={back}>
                Cancel
              </Link>
            )}
          </div>
        </form>
      )}
      <p className="account-links">
        {form === 'sign-in' && <Link to={`/sign-up${carried}`}>Create an account</Link>}
        {form === 'sign-in' && <Link to="/forgot-password">Forgot your password?</Link>}
        {form !== 'sign-in' && <Link to={`/sign-in${form === 'sign-up' ? carried : ''}`}>Sign in instead</Link>}
      </p>
    </section>
  );
}
