// What the shopper does in a block before it hydrates, done again once it has. Until then React is not listening in
// the block: a click is held back (its default too, so a checkbox does not toggle twice) and clicked again after; text
// typed into a control is given to React as an input event, so the block's state takes it. A block whose server HTML
// works without script (links, GET forms, native controls) loses nothing either way; this covers the rest.

/** Starts holding the clicks and typing inside `element`; the answer replays them (once) and stops holding. */
export function holdInteractions(element: Element): () => void {
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
  let replayed = false;
  return () => {
    if (replayed) return;
    replayed = true;
    view.removeEventListener('click', onClick, true);
    view.removeEventListener('input', onInput, true);
    view.removeEventListener('change', onInput, true);
    for (const [control, value] of typed) {
      if (control instanceof view.HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) continue;
      // React compares a control's value with the one it last saw: show it another, then the typed one, and tell it.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set;
      control.value = value === '' ? ' ' : '';
      setter?.call(control, value);
      control.dispatchEvent(new view.Event('input', { bubbles: true }));
      if (control instanceof view.HTMLSelectElement) control.dispatchEvent(new view.Event('change', { bubbles: true }));
    }
    // The clicks once React has applied the replayed values (it applies a change event's state updates after the
    // event, not within it): a Search button clicked right after a city was chosen must search that city.
    const clickAll = () => {
      for (const target of clicked) if (target.isConnected) (target as HTMLElement).click();
    };
    if (typed.size && clicked.length) setTimeout(clickAll, 0);
    else clickAll();
  };
}
