// @vitest-environment jsdom
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdInteractions as holdInteractionsAfterReact } from './event-replay';

// Plain HTML here, which no React hydrates: every element counts as hydrated (the last tests hydrate with React).
const holdInteractions = (element: Element) => holdInteractionsAfterReact(element, () => true);

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

function block(html: string) {
  document.body.innerHTML = `<div data-block-id="b">${html}</div><button id="outside">Outside</button>`;
  return document.querySelector('[data-block-id="b"]')!;
}

describe('holdInteractions', () => {
  it('holds a click inside the block (its default too) and clicks again once replayed', () => {
    const element = block('<input type="checkbox" id="box"><button id="go">Go</button>');
    const replay = holdInteractions(element);
    const clicks: string[] = [];
    element.addEventListener('click', (e) => clicks.push((e.target as Element).id));
    const box = document.getElementById('box') as HTMLInputElement;
    box.click();
    document.getElementById('go')!.click();
    // Held: the block's own listener (React's, once hydrated) did not hear them and the checkbox did not toggle.
    expect(clicks).toEqual([]);
    expect(box.checked).toBe(false);
    replay();
    expect(clicks).toEqual(['box', 'go']);
    expect(box.checked).toBe(true);
  });

  it('leaves clicks outside the block alone', () => {
    block('<button>In</button>');
    holdInteractions(document.querySelector('[data-block-id="b"]')!);
    const heard = vi.fn();
    document.getElementById('outside')!.addEventListener('click', heard);
    document.getElementById('outside')!.click();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('gives text typed before hydration to the block as an input event, then its clicks after that', () => {
    vi.useFakeTimers();
    const element = block('<input id="q"><button id="search">Search</button>');
    const replay = holdInteractions(element);
    const input = document.getElementById('q') as HTMLInputElement;
    input.value = 'ranger';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    document.getElementById('search')!.click();
    // Hydration renders the control with the state's value (empty) before the replay.
    input.value = '';
    const heard: string[] = [];
    element.addEventListener('input', (e) => heard.push(`input:${(e.target as HTMLInputElement).value}`));
    element.addEventListener('click', (e) => heard.push(`click:${(e.target as Element).id}`));
    replay();
    expect(input.value).toBe('ranger');
    expect(heard).toEqual(['input:ranger']);
    vi.runAllTimers();
    expect(heard).toEqual(['input:ranger', 'click:search']);
  });

  it('replays once and stops holding: later clicks go straight through', () => {
    const element = block('<button id="go">Go</button>');
    const replay = holdInteractions(element);
    const clicks = vi.fn();
    element.addEventListener('click', clicks);
    replay();
    replay();
    expect(clicks).not.toHaveBeenCalled();
    document.getElementById('go')!.click();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('waits until every element clicked has hydrated, and holds later clicks until then', () => {
    vi.useFakeTimers();
    const element = block('<button id="a">A</button><button id="b">B</button>');
    const hydrated = new Set<Element>([document.getElementById('a')!]);
    const replay = holdInteractionsAfterReact(element, (e) => hydrated.has(e));
    const clicks: string[] = [];
    element.addEventListener('click', (e) => clicks.push((e.target as Element).id));
    document.getElementById('b')!.click();
    replay();
    // B is in a part not hydrated yet: nothing is replayed, and a click meanwhile is held as well.
    document.getElementById('a')!.click();
    vi.advanceTimersByTime(500);
    expect(clicks).toEqual([]);
    hydrated.add(document.getElementById('b')!);
    vi.runOnlyPendingTimers();
    expect(clicks).toEqual(['b', 'a']);
  });
});

function Frequency() {
  const [frequency, setFrequency] = useState('weekly');
  return (
    <fieldset>
      {['weekly', 'monthly'].map((f) => (
        <label key={f}>
          <input type="radio" name="frequency" value={f} checked={frequency === f} onChange={() => setFrequency(f)} />
          {f === 'weekly' ? 'Weekly' : 'Monthly'}
        </label>
      ))}
      <output>{frequency}</output>
    </fieldset>
  );
}

/** A block as the finance calculator is: its own effect asks for the replay; its form may be a lazy component. */
function CalculatorBlock({ Form, onHydrated }: { Form: ComponentType; onHydrated: () => void }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return (
    <section>
      <h2>Finance Calculator</h2>
      <Suspense fallback={<p>Loading…</p>}>
        <Form />
      </Suspense>
    </section>
  );
}

describe('holdInteractions with React', () => {
  it('a tap on a radio label in a lazy part of the block is replayed once that part has hydrated', async () => {
    // The block's top hydrates (and its effect asks for the replay) while its form, in its own Suspense boundary,
    // waits for its code.
    let loadForm: () => void = () => {};
    const formCode = new Promise<{ default: ComponentType }>((done) => (loadForm = () => done({ default: Frequency })));
    const LazyFrequency = lazy(() => formCode);
    const element = block(renderToString(<CalculatorBlock Form={Frequency} onHydrated={() => {}} />));
    const replay = holdInteractionsAfterReact(element);
    const monthly = element.querySelector<HTMLInputElement>('input[value="monthly"]')!;
    monthly.closest('label')!.click();
    expect(monthly.checked).toBe(false);
    // React's scheduler runs as in the browser (real timers).
    let hydratedTop: () => void = () => {};
    const topHydrated = new Promise<void>((done) => (hydratedTop = done));
    const onHydrated = () => {
      replay();
      hydratedTop();
    };
    hydrateRoot(element, <CalculatorBlock Form={LazyFrequency} onHydrated={onHydrated} />);
    await topHydrated;
    expect(element.querySelector('output')!.textContent).toBe('weekly');
    loadForm();
    await vi.waitFor(() => expect(element.querySelector('output')!.textContent).toBe('monthly'), { timeout: 5000 });
    expect(monthly.checked).toBe(true);
  });
});
