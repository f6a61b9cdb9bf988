// docs/requirements/dealer-services.md#states: the first change to term, amount or interest fires one tracking event (26), once.
export const FINANCE_CALCULATOR_EVENT_ID = 26;

const TRACKED_FIELDS = new Set(['term', 'amount', 'interest']);

export interface OnceTracker {
  /** Call on every input change; fires the event on the first tracked change only. Returns true when it fired. */
  changed(field: string): boolean;
  readonly fired: boolean;
}

/** One tracker per calculator instance. */
export function onceTracker(fire: (eventId: number) => void): OnceTracker {
  let fired = false;
  return {
    changed(field) {
      if (fired || !TRACKED_FIELDS.has(field)) return false;
      fired = true;
      fire(FINANCE_CALCULATOR_EVENT_ID);
      return true;
    },
    get fired() {
      return fired;
    },
  };
}
