// The server's one-pass render trusts the fallback probe to learn that a boundary did not finish (entry-server.tsx):
// a boundary without it would send a page with a fallback where its content belongs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createElement, lazy } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fallbacksRendered, Suspense } from './Suspense';

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const Throws = () => {
  throw new Error('broken block');
};

describe('the fallback probe', () => {
  it("is in every Suspense boundary of the site's code: none imports React's own", () => {
    const reactSuspense = /import\s*\{[^}]*\bSuspense\b[^}]*\}\s*from\s*'react'|React\.Suspense|\bSuspense as\b/;
    const offenders = ['runtime', 'blocks']
      .flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .filter((file) => !file.endsWith(join('renderer', 'Suspense.tsx')) && reactSuspense.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('counts a fallback the server renders for content that threw or is still loading, and none for content that finished', () => {
    const Loading = lazy(() => new Promise<never>(() => {}));
    const count = (element: ReturnType<typeof createElement>) => {
      const before = fallbacksRendered();
      const html = renderToString(element);
      return { html, fallbacks: fallbacksRendered() - before };
    };
    expect(count(createElement(Suspense, { fallback: 'wait' }, createElement('p', null, 'done')))).toEqual({
      html: '<!--$--><p>done</p><!--/$-->',
      fallbacks: 0,
    });
    expect(count(createElement(Suspense, { fallback: 'wait' }, createElement(Throws))).fallbacks).toBe(1);
    const loading = count(createElement(Suspense, { fallback: 'wait' }, createElement(Loading)));
    expect(loading.fallbacks).toBe(1);
    // The fallback's HTML is React's own: the probe renders nothing.
    expect(loading.html).toMatch(/^<!--\$!--><template[^>]*><\/template>wait<!--\/\$-->$/);
  });
});
