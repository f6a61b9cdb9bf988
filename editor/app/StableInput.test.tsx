// @vitest-environment jsdom
// The menu's text inputs: a parent re-rendered with new handlers leaves them untouched (React would rewrite their name
// and type attributes), what they show still follows the props, and a new handlerKey brings in the new handler.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StableInput } from './StableInput';

afterEach(cleanup);

function rendered(ui: Parameters<typeof render>[0]) {
  const view = render(ui);
  const input = view.container.querySelector('input')!;
  const changes: string[] = [];
  new MutationObserver((list) => list.forEach((m) => changes.push(m.attributeName ?? m.type))).observe(input, { attributes: true });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { view, input, changes, flush };
}

describe('StableInput', () => {
  it('writes nothing to the element when only its handler is new', async () => {
    const { view, changes, flush } = rendered(<StableInput type="text" aria-label="Label" value="Home" handlerKey="/0" onChange={() => {}} />);
    view.rerender(<StableInput type="text" aria-label="Label" value="Home" handlerKey="/0" onChange={() => {}} />);
    await flush();
    expect(changes).toEqual([]);
  });

  it('shows new props, and a plain input of the same props is rewritten (what this avoids)', async () => {
    const { view, input, flush } = rendered(<StableInput type="text" aria-label="Label" value="Home" handlerKey="/0" onChange={() => {}} />);
    view.rerender(<StableInput type="text" aria-label="Label of Sales" value="Sales" handlerKey="/0" onChange={() => {}} />);
    expect(input.value).toBe('Sales');
    expect(input.getAttribute('aria-label')).toBe('Label of Sales');

    const plain = rendered(<input type="text" value="Home" onChange={() => {}} />);
    plain.view.rerender(<input type="text" value="Home" onChange={() => {}} />);
    await flush();
    expect(plain.changes).toContain('name');
  });

  it('calls the handler of the current handlerKey', () => {
    const calls: string[] = [];
    const { view, input } = rendered(<StableInput type="text" value="" handlerKey="/0" onChange={(e) => calls.push(`0:${e.target.value}`)} />);
    fireEvent.change(input, { target: { value: 'a' } });
    view.rerender(<StableInput type="text" value="" handlerKey="/1" onChange={(e) => calls.push(`1:${e.target.value}`)} />);
    fireEvent.change(input, { target: { value: 'b' } });
    expect(calls).toEqual(['0:a', '1:b']);
  });
});
