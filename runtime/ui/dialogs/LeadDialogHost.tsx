// Opens lead dialogs for a page: from the address ('#enquire', '#request-photos', '#test-drive' or
// '?dialog=request-photos'; a plain link is enough) and from openLeadDialog(kind, car?) in any block.
// Render it once on a page (the enquiry-form block in its "buttons" display does); closing drops the hash/query.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HydrateOnLoad } from '../../renderer/HydrateOnLoad';
import type { LeadFormCar } from '../forms/lead-car';
import { LeadDialog } from './LeadDialog';
import { LEAD_DIALOG_EVENT, leadDialogFromUrl, withoutLeadDialog, type LeadDialogKind, type LeadDialogRequest } from './lead-dialogs';

export function LeadDialogHost({ car }: { car?: LeadFormCar | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<{ kind: LeadDialogKind; car?: LeadFormCar | null; fromUrl: boolean } | null>(null);
  const [open, setOpen] = useState(false);
  const pageCar = useRef(car);
  pageCar.current = car;

  // The address is read in an effect (after hydration), so the server and the first browser render agree.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks again on each navigation within the site (a new hash or query), reading window.location as a hashchange does
  useEffect(() => {
    const check = () => {
      const kind = leadDialogFromUrl(window.location.hash, window.location.search);
      if (kind) {
        setState({ kind, car: pageCar.current, fromUrl: true });
        setOpen(true);
      }
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [location.hash, location.search]);

  useEffect(() => {
    const onRequest = (e: Event) => {
      const detail = (e as CustomEvent<LeadDialogRequest>).detail;
      if (!detail?.dialog) return;
      setState({ kind: detail.dialog, car: detail.car === undefined ? pageCar.current : detail.car, fromUrl: false });
      setOpen(true);
    };
    window.addEventListener(LEAD_DIALOG_EVENT, onRequest);
    return () => window.removeEventListener(LEAD_DIALOG_EVENT, onRequest);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    if (state?.fromUrl && leadDialogFromUrl(window.location.hash, window.location.search)) {
      navigate(withoutLeadDialog(window.location.pathname, window.location.search, window.location.hash), { replace: true, preventScrollReset: true });
    }
  }, [state, navigate]);

  return (
    <>
      {/* It listens to the address and to other blocks' buttons: hydrated once the page has loaded, wherever it sits. */}
      <HydrateOnLoad />
      {state && <LeadDialog key={state.kind} kind={state.kind} car={state.car} open={open} onClose={close} />}
    </>
  );
}
