// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MarkupBlocks } from '../../runtime/ui/forms/MarkupBlocks';
import { markupFromDom } from './inline-markup';

const dom = (html: string) => {
  const el = document.createElement('div');
  el.innerHTML = html;
  return el;
};

describe('markupFromDom', () => {
  it('gives back the markup the preview rendered, unchanged', () => {
    const body = 'Hello **world**, *today*.\n\n- one\n- [two](/two)\n\nMail [us](mailto:sales@example.com).';
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(MarkupBlocks, { body })));
    expect(markupFromDom(dom(html))).toBe(body);
  });

  it("keeps only the format's markup: styles, scripts and unsafe links become text", () => {
    const pasted =
      '<div style="color:red"><span class="x">Big <b>deal</b></span></div><div><img src=x onerror="alert(1)">Call <a href="javascript:alert(1)">now</a></div><h1>Title</h1>';
    expect(markupFromDom(dom(pasted))).toBe('Big **deal**\n\nCall now\n\nTitle');
  });

  it('turns the lines the browser made on Enter into paragraphs and drops empty ones', () => {
    expect(markupFromDom(dom('First line<div>Second <i>line</i></div><div><br></div>'))).toBe('First line\n\nSecond *line*');
  });
});
