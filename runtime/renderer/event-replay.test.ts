// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdInteractions } from './event-replay';

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
});
