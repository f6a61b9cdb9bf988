// A finance link from a car carries its id (car_id): the page asks the server for that car's lenders and shows their
// disclaimers under the calculator. Nothing is shown without the id or when the call fails.
import { useEffect, useState } from 'react';
import type { LenderDisclaimer } from '../../runtime/domain/finance';

const financeLendersUrl = (carId: string) => `/api/cars/${encodeURIComponent(carId)}/finance-lenders`;

export function useLenderDisclaimers(carId: string | null): LenderDisclaimer[] {
  const [disclaimers, setDisclaimers] = useState<LenderDisclaimer[]>([]);
  useEffect(() => {
    if (!carId || !/^\d+$/.test(carId)) return;
    const controller = new AbortController();
    fetch(financeLendersUrl(carId), { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { disclaimers?: LenderDisclaimer[] } | null) => {
        if (Array.isArray(body?.disclaimers)) setDisclaimers(body.disclaimers);
      })
      .catch((error: unknown) => {
        if ((error as { name?: string })?.name !== 'AbortError') console.warn('Finance lenders could not be loaded.', error);
      });
    return () => controller.abort();
  }, [carId]);
  return disclaimers;
}
