// The unsubscribe form (/pages/unsubscribe): one email field, checked here and again on the server, which records the
// address for this site before answering. The shopper sees the server's confirmation, or the field's message.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ResolvedUnsubscribeFormProps as UnsubscribeFormProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_MESSAGES, unsubscribeEmail } from '../../runtime/domain/unsubscribe';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string; field?: boolean };

export default function UnsubscribeForm({ props, block }: BlockComponentProps<UnsubscribeFormProps>) {
  const [email, setEmail] = useState('');
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
    try {
      const res = await fetch(UNSUBSCRIBE_API_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: input.email }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string; error?: string; fields?: { email?: string } };
      if (res.ok) setState({ kind: 'done', message: body.message ?? UNSUBSCRIBE_MESSAGES.done });
      else setState({ kind: 'error', message: body.fields?.email ?? body.error ?? UNSUBSCRIBE_MESSAGES.failed, field: !!body.fields?.email });
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
