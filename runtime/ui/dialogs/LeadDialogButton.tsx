// A button that opens its own lead dialog: for result cards and sidebars.
//   <LeadDialogButton dialog="enquire" car={leadFormCar(car)} className="button button-primary">Enquire</LeadDialogButton>
import { useState, type ReactNode } from 'react';
import type { LeadFormCar } from '../forms/lead-car';
import { LeadDialog } from './LeadDialog';
import { LEAD_DIALOGS, type LeadDialogKind } from './lead-dialogs';

export function LeadDialogButton({
  dialog,
  car,
  className = 'button button-primary',
  children,
}: {
  dialog: LeadDialogKind;
  car?: LeadFormCar | null;
  className?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // The dialog is mounted on first use only, so a page of result cards carries no dialogs until one is opened.
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {children ?? LEAD_DIALOGS[dialog].button}
      </button>
      {used && <LeadDialog kind={dialog} car={car} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
