// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';
import StatsBanner from './index';

const props = withBlockDefaults('stats-banner', {
  stats: [
    { value: '50+', label: 'locations' },
    { value: '1,200', label: 'cars' },
    { value: 'Many', label: 'smiles' },
  ],
});
const blockProps = { props, slots: {}, data: undefined, block: { id: 's', type: 'stats-banner' } } as unknown as Parameters<typeof StatsBanner>[0];
const element = <StatsBanner {...blockProps} />;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('stats banner', () => {
  it('prints the figures as written on the server', () => {
    const html = renderToString(element);
    for (const figure of ['50+', '1,200', 'Many']) expect(html).toContain(figure);
  });

  it('counts each figure up from 0 over 1 s in the browser, ending on the figure as written', () => {
    const { container } = render(element);
    const figures = () => [...container.querySelectorAll('dd')].map((d) => d.textContent);
    act(() => vi.advanceTimersByTime(500));
    const halfway = figures();
    expect(Number(halfway[0]!.replace('+', ''))).toBeGreaterThan(0);
    expect(Number(halfway[0]!.replace('+', ''))).toBeLessThan(50);
    expect(halfway[2]).toBe('Many');
    act(() => vi.advanceTimersByTime(600));
    expect(figures()).toEqual(['50+', '1,200', 'Many']);
  });
});
