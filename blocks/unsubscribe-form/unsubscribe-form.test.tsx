// @vitest-environment jsdom
// The unsubscribe form opened from a mail's link: the address is filled in and the link's token goes with it, only for
// that address; a link the server refuses is dropped, so the shopper can still unsubscribe by address.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';
import UnsubscribeForm from './index';

let fetchMock: ReturnType<typeof vi.fn>;
const answer = (status: number, body: unknown) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
const sent = (call: number) => JSON.parse(fetchMock.mock.calls[call]?.[1].body as string);
const DONE = 'You have been unsubscribed. You will no longer receive marketing emails from us.';

const open = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <UnsubscribeForm props={withBlockDefaults('unsubscribe-form')} slots={{}} data={undefined} block={{ id: 'unsubscribe-form', type: 'unsubscribe-form' }} />
    </MemoryRouter>,
  );
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the unsubscribe form', () => {
  it("fills in the link's address and sends its token with it", async () => {
    open('/pages/unsubscribe?email=ann%40example.com&token=signed-token');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ann@example.com');
    answer(200, { unsubscribed: true, message: DONE });
    submit();
    await screen.findByText(DONE);
    expect(sent(0)).toEqual({ email: 'ann@example.com', token: 'signed-token' });
  });

  it('sends another address typed in without the token', async () => {
    open('/pages/unsubscribe?email=ann%40example.com&token=signed-token');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Bob@Example.com' } });
    answer(200, { unsubscribed: true, message: DONE });
    submit();
    await screen.findByText(DONE);
    expect(sent(0)).toEqual({ email: 'bob@example.com' });
  });

  it('shows why a refused link failed, then unsubscribes the address without it', async () => {
    open('/pages/unsubscribe?email=ann%40example.com&token=stale');
    const refused = 'This unsubscribe link is not valid for this address. Please enter your email address and press Unsubscribe.';
    answer(400, { error: refused });
    submit();
    await screen.findByText(refused);
    answer(200, { unsubscribed: true, message: DONE });
    submit();
    await screen.findByText(DONE);
    expect([sent(0), sent(1)]).toEqual([{ email: 'ann@example.com', token: 'stale' }, { email: 'ann@example.com' }]);
  });

  it('without a link, starts empty and sends the address alone', async () => {
    open('/pages/unsubscribe');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', '');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cy@example.com' } });
    answer(200, { unsubscribed: true, message: DONE });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sent(0)).toEqual({ email: 'cy@example.com' });
  });
});
