// Tracking on a successful lead (seed 001 §7). There is no analytics service: the event goes out as a DOM event
// that a tag manager can listen to, and to the console.
export const TRACK_EVENT = 'dealer:track';

export interface TrackDetail {
  id: number;
  label: string;
}

export function track(detail: TrackDetail): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<TrackDetail>(TRACK_EVENT, { detail }));
  console.info(`[track] event ${detail.id}: ${detail.label}`);
}
