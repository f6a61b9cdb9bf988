// A lead form in a modal dialog. The form's code (react-hook-form, Ajv) loads when a dialog first opens.
import { lazy, Suspense } from 'react';
import type { LeadFormCar } from '../forms/lead-car';
import { LeadCarSummary } from '../forms/LeadCarSummary';
import { Dialog } from './Dialog';
import { LEAD_DIALOGS, type LeadDialogKind } from './lead-dialogs';

const LeadForm = lazy(() => import('../forms/LeadForm').then((m) => ({ default: m.LeadForm })));

export function LeadDialog({ kind, car, open, onClose }: { kind: LeadDialogKind; car?: LeadFormCar | null; open: boolean; onClose: () => void }) {
  const dialog = LEAD_DIALOGS[kind];
  return (
    <Dialog title={dialog.title} open={open} onClose={onClose} className={`lead-dialog-${kind}`}>
      {car && <LeadCarSummary car={car} />}
      <Suspense fallback={<p className="lead-dialog-loading">Loading form...</p>}>
        <LeadForm key={`${kind}-${car?.id ?? ''}`} form={dialog.form} car={car} submitLabel={dialog.submit} autoFocus />
      </Suspense>
    </Dialog>
  );
}
