// Where the service booking form is: BOOK NOW and the dealer banner's Book a Service button link to it.
import type { PublicSite } from '../../runtime/renderer/site-context';

export const SERVICE_FORM_ANCHOR = 'service-form';
const FORM_BLOCK = 'service-booking';
/** Pages that conventionally carry the booking form, tried after the current one. */
const BOOKING_PAGES = ['/service', '/book-a-service'];

type Blocks = { type: string; slots?: Record<string, Blocks> }[];
const hasForm = (blocks: Blocks | undefined): boolean =>
  (blocks ?? []).some((b) => b.type === FORM_BLOCK || Object.values(b.slots ?? {}).some((children) => hasForm(children)));

/** The page holding the booking form: this one, else /service or /book-a-service; null when the site has none. */
export function bookingFormPage(site: Pick<PublicSite, 'pages'>, route: string): string | null {
  for (const path of [route, ...BOOKING_PAGES]) {
    if (hasForm(site.pages[path]?.blocks as Blocks | undefined)) return path;
  }
  return null;
}
