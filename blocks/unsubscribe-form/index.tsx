// The unsubscribe form (/pages/unsubscribe): one email field, checked here and again on the server, which records the
// address for this site before answering. The shopper sees the server's confirmation, or the field's message. A link
// from a mail (?email=…&token=…) fills the field in, and its signed token goes with the address it was made for.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ResolvedUnsubscribeFormProps as UnsubscribeFormProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_MESSAGES, unsubscribeEmail } from '../../runtime/domain/unsubscribe';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string; field?: boolean };

export default function UnsubscribeForm({ props, block }: BlockComponentProps<UnsubscribeFormProps>) {
  const [params] = useSearchParams();
  const [link, setLink] = useState(() => ({ email: params.get('email') ?? '', token: params.get('token') ?? '' }));
  const [email, setEmail] = useState(link.email);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const id = useId();
  const fieldId = `${id}-email`;
  const errorId = `${id}-error`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = unsubscribeEmail(email);
    if (!input.ok) return setState({ kind: 'error', message: input.message, field: true });
    setState({ kind: 'sending' });
    // The token is signed for the address in the link: another address typed in goes without it.
    const linked = unsubscribeEmail(link.email);
    const withToken = Boolean(link.token) && linked.ok && linked.email === input.email;
    try {
      const res = await fetch(UNSUBSCRIBE_API_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(withToken ? { email: input.email, token: link.token } : { email: input.email }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string; error?: string; fields?: { email?: string } };
      if (res.ok) setState({ kind: 'done', message: body.message ?? UNSUBSCRIBE_MESSAGES.done });
      else {
        // A link the server does not accept is dropped: pressing Unsubscribe again sends the address alone.
        if (res.status === 400 && !body.fields) setLink({ email: '', token: '' });
        setState({ kind: 'error', message: body.fields?.email ?? body.error ?? UNSUBSCRIBE_MESSAGES.failed, field: !!body.fields?.email });
      }
    } catch {
      setState({ kind: 'error', message: UNSUBSCRIBE_MESSAGES.failed });
    }
  }

  const fieldError = state.kind === 'error' && state.field;
  return (
    <section className="container unsubscribe-form" aria-labelledby={`${block.id}-heading`}>
      <h2 id={`${block.id}-heading`}>{props.heading}</h2>
      {props.intro && <p>{props.intro}</p>}
      {state.kind === 'done' ? (
        <p className="form-success" role="status">
          {state.message}
        </p>
      ) : (
        <form noValidate onSubmit={submit} data-ready={ready ? 'true' : undefined}>
          <div className="field">
            <label htmlFor={fieldId}>Email</label>
            <input
              id={fieldId}
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={fieldError || undefined}
              aria-describedby={fieldError ? errorId : undefined}
            />
            {fieldError && (
              <p id={errorId} className="form-error" role="alert">
                {state.message}
              </p>
            )}
          </div>
          {state.kind === 'error' && !state.field && (
            <p className="form-error" role="alert">
              {state.message}
            </p>
          )}
          <button type="submit" className="button" disabled={state.kind === 'sending'}>
            {props.submitLabel}
          </button>
        </form>
      )}
    </section>
  );
}
