// Analytics events (seed 000 §7, seed 001 §7: enquiry 14/15, test drive 17/48, save 39, phone click 25, finance
// calculator 26, leads by category, default 22). There is no analytics service: each event goes out as a DOM event
// 'dealer:track' with { id, label?, ... } that a site's tag manager can listen to, and to the console. Failures stay
// in the console.
export const TRACK_EVENT = 'dealer:track';

export interface TrackDetail {
  id: number;
  label?: string;
  [key: string]: unknown;
}

export function track(id: number, extra: Omit<TrackDetail, 'id'> = {}): void {
  if (typeof window === 'undefined') return;
  try {
    const detail: TrackDetail = { ...extra, id };
    window.dispatchEvent(new CustomEvent<TrackDetail>(TRACK_EVENT, { detail }));
    console.info(`[track] event ${id}${extra.label ? `: ${extra.label}` : ''}`);
  } catch (error) {
    console.error('Tracking failed', error);
  }
}
