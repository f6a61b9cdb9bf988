// /reservations/:id: the confirmation page of a reservation on this site (its id is a random UUID, the shopper's
// link). The status comes from the server after asking the payment provider, never from the browser.
import type { PageDataSource } from '../renderer/types';
import type { ReservationPageData } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const reservation: PageDataSource = async ({ tenant, params, services }) => {
  const id = params.id;
  if (!id || !UUID.test(id) || !services.reservations) return { notFound: true };
  const answer = await services.reservations.confirm(tenant, id);
  if (answer.status === 404 || answer.status >= 500) return { notFound: true };
  const data = answer.body as unknown as ReservationPageData;
  return { data, meta: { title: `Reservation ${data.number}` } };
};

export default reservation;
