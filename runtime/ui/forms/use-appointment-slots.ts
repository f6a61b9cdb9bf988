// Asks the server for the test drive times of a date at a location; the newest question's answer wins.
import { useEffect, useState } from 'react';
import type { AppointmentSlotsAnswer } from '../../domain/locations/appointment-slots';

export type SlotsState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | ({ state: 'done' } & Pick<AppointmentSlotsAnswer, 'slots' | 'location'>);

const SLOTS_UNAVAILABLE = 'We could not load the times just now. Choose Any time and we will call you to arrange one.';

function slotsUrl(date: string, locationId: number | undefined): string {
  const query = new URLSearchParams({ date });
  if (locationId) query.set('location_id', String(locationId));
  return `/api/test-drive/slots?${query}`;
}

export function useAppointmentSlots(date: string | undefined, locationId: number | undefined): SlotsState {
  const [answer, setAnswer] = useState<SlotsState>({ state: 'idle' });
  useEffect(() => {
    if (!date) {
      setAnswer({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setAnswer({ state: 'loading' });
    fetch(slotsUrl(date, locationId), { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as (AppointmentSlotsAnswer & { error?: string }) | null;
        if (!response.ok || !body || !Array.isArray(body.slots)) setAnswer({ state: 'error', message: body?.error ?? SLOTS_UNAVAILABLE });
        else setAnswer({ state: 'done', slots: body.slots, location: body.location });
      })
      .catch((error: unknown) => {
        if ((error as { name?: string })?.name !== 'AbortError') setAnswer({ state: 'error', message: SLOTS_UNAVAILABLE });
      });
    return () => controller.abort();
  }, [date, locationId]);
  return answer;
}
