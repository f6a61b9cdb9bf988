// Opens lead dialogs for a page from its address ('#enquire', '#request-photos', '#test-drive' or
// '?dialog=request-photos'): a plain link from any block is enough.
// Render it once on a page (the enquiry-form block in its "buttons" display does); closing drops the hash/query.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HydrateOnAddress } from '../../renderer/HydrateOnLoad';
import type { LeadFormCar } from '../forms/lead-car';
import { LeadDialog } from './LeadDialog';
import { LEAD_DIALOG_KINDS, leadDialogFromUrl, withoutLeadDialog, type LeadDialogKind } from './lead-dialogs';

export function LeadDialogHost({ car }: { car?: LeadFormCar | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<{ kind: LeadDialogKind; car?: LeadFormCar | null } | null>(null);
  const [open, setOpen] = useState(false);
  const pageCar = useRef(car);
  pageCar.current = car;

  // The address is read in an effect (after hydration), so the server and the first browser render agree.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks again on each navigation within the site (a new hash or query), reading window.location as a hashchange does
  useEffect(() => {
    const check = () => {
      const kind = leadDialogFromUrl(window.location.hash, window.location.search);
      if (kind) {
        setState({ kind, car: pageCar.current });
        setOpen(true);
      }
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [location.hash, location.search]);

  const close = useCallback(() => {
    setOpen(false);
    if (leadDialogFromUrl(window.location.hash, window.location.search)) {
      navigate(withoutLeadDialog(window.location.pathname, window.location.search, window.location.hash), { replace: true, preventScrollReset: true });
    }
  }, [navigate]);

  return (
    <>
      {/* It listens to the address: hydrated as soon as the address names a dialog, at load or later, wherever it sits. */}
      <HydrateOnAddress hashes={LEAD_DIALOG_KINDS} query="dialog" />
      {state && <LeadDialog key={state.kind} kind={state.kind} car={state.car} open={open} onClose={close} />}
    </>
  );
}
