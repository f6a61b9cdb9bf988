// What the shopper does in a block before it hydrates, done again once it has. Until then React is not listening in
// the block: a click is held back (its default too, so a checkbox does not toggle twice) and clicked again after; text
// typed into a control is given to React as an input event, so the block's state takes it. A block whose server HTML
// works without script (links, GET forms, native controls) loses nothing either way; this covers the rest.

/**
 * Whether React has hydrated an element: it keeps the element's fiber on it (a property named `__reactFiber$…`). A
 * block's own effect runs once its top hydrates, but a part of it behind its own Suspense boundary (a lazy component,
 * as the finance calculator's form) hydrates later, when its code is in: a click replayed there before that reaches no
 * handler, and React then sets the control back (a tap on the "Monthly" label did nothing). React has no public way to
 * ask; why this one: docs/decisions/0008-event-replay-reads-react-hydration.md.
 */
const hydratedByReact = (element: Element): boolean => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

// How often the replay looks again for a part still hydrating, and for how long at most (then it replays anyway).
const RECHECK_MS = 50;
const RECHECK_TIMES = 200;

/**
 * Starts holding the clicks and typing inside `element`; the answer replays them (once), as soon as every element they
 * were aimed at has hydrated, and holds until then.
 */
export function holdInteractions(element: Element, isHydrated: (element: Element) => boolean = hydratedByReact): () => void {
  const clicked: Element[] = [];
  // Each control's value as the shopper left it: hydrating a controlled <select> sets its options back to the state's
  // value before the replay, so the value is kept from the event, not read from the control afterwards.
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string>();
  const view = element.ownerDocument.defaultView ?? window;
  // On the window, in the capture phase: React stops events aimed at a block it has not hydrated yet at the document,
  // before the block's own element would see them.
  const inBlock = (event: Event) => event.target instanceof view.Node && element.contains(event.target);
  const onClick = (event: Event) => {
    if (!inBlock(event) || !(event.target instanceof view.Element)) return;
    event.preventDefault();
    event.stopPropagation();
    clicked.push(event.target);
  };
  const onInput = (event: Event) => {
    if (!inBlock(event)) return;
    const target = event.target;
    if (target instanceof view.HTMLInputElement || target instanceof view.HTMLTextAreaElement || target instanceof view.HTMLSelectElement)
      typed.set(target, target.value);
  };
  view.addEventListener('click', onClick, true);
  view.addEventListener('input', onInput, true);
  view.addEventListener('change', onInput, true);

  const stopHolding = () => {
    view.removeEventListener('click', onClick, true);
    view.removeEventListener('input', onInput, true);
    view.removeEventListener('change', onInput, true);
  };
  const replayValues = () => {
    for (const [control, value] of typed) {
      if (control instanceof view.HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) continue;
      // React compares a control's value with the one it last saw: show it another, then the typed one, and tell it.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set;
      control.value = value === '' ? ' ' : '';
      setter?.call(control, value);
      control.dispatchEvent(new view.Event('input', { bubbles: true }));
      if (control instanceof view.HTMLSelectElement) control.dispatchEvent(new view.Event('change', { bubbles: true }));
    }
  };
  const clickAll = () => {
    for (const target of clicked) if (target.isConnected) (target as HTMLElement).click();
  };
  const ready = () => [...clicked, ...typed.keys()].every((target) => !target.isConnected || isHydrated(target));
  const replay = () => {
    stopHolding();
    replayValues();
    // The clicks once React has applied the replayed values (it applies a change event's state updates after the
    // event, not within it): a Search button clicked right after a city was chosen must search that city.
    if (typed.size && clicked.length) setTimeout(clickAll, 0);
    else clickAll();
  };

  let started = false;
  return () => {
    if (started) return;
    started = true;
    let checks = 0;
    const replayWhenReady = () => {
      if (ready() || ++checks > RECHECK_TIMES) replay();
      else setTimeout(replayWhenReady, RECHECK_MS);
    };
    replayWhenReady();
  };
}
