// The lead dialogs of the vehicle page and result cards (docs/requirements/vehicle-browsing.md#screens: Request Photos, Enquire Now, test drive), and
// the addresses that open them. Pure: no React here, so any block can import it for nothing.
import type { LeadFormKind } from '../../domain/leads';

export const LEAD_DIALOG_KINDS = ['enquire', 'request-photos', 'test-drive'] as const;
export type LeadDialogKind = (typeof LEAD_DIALOG_KINDS)[number];

export const LEAD_DIALOGS: Readonly<Record<LeadDialogKind, { title: string; button: string; form: LeadFormKind; submit: string }>> = {
  enquire: { title: 'Enquire Now', button: 'Enquire Now', form: 'enquiry', submit: 'Send Enquiry' },
  'request-photos': { title: 'Request Photos', button: 'Request Photos', form: 'request-photos', submit: 'Request Photos' },
  'test-drive': { title: 'Book a Test Drive', button: 'Book a Test Drive', form: 'test-drive', submit: 'Book Test Drive' },
};

const isKind = (value: string | null | undefined): value is LeadDialogKind => LEAD_DIALOG_KINDS.includes(value as LeadDialogKind);

/** The dialog an address asks for: '#enquire', '#request-photos', '#test-drive', or '?dialog=enquire' (etc.). */
export function leadDialogFromUrl(hash: string, search: string): LeadDialogKind | null {
  const fromHash = hash.replace(/^#/, '');
  if (isKind(fromHash)) return fromHash;
  const fromQuery = new URLSearchParams(search).get('dialog');
  return isKind(fromQuery) ? fromQuery : null;
}

/** The same address without the dialog's hash or query parameter (after the dialog closes). */
export function withoutLeadDialog(pathname: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  if (isKind(params.get('dialog'))) params.delete('dialog');
  const query = params.toString();
  const keepHash = hash && !isKind(hash.replace(/^#/, '')) ? hash : '';
  return `${pathname}${query ? `?${query}` : ''}${keepHash}`;
}
