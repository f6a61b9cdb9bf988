// The reference for `npm run bench:ssr`: a minimal Express + React 19 app that renders, with renderToString on every
// request, the same HTML the product served for each benchmarked page (its element tree is captured once by the
// bench and handed over as JSON). What it costs per request is the floor a React server render of that much HTML
// has on this machine; the product's CPU per request is compared with it.
// Run: NODE_ENV=production PORT=4101 REFERENCE_PAGES=pages.json npx tsx tools/bench/ssr/reference.tsx
import express from 'express';
import { readFileSync } from 'node:fs';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

/** An HTML element as captured from the product's page: tag, attributes and children (text is a string). */
export type HtmlNode = string | { tag: string; attrs: Record<string, string>; children: HtmlNode[]; raw?: string };

const pages = JSON.parse(readFileSync(process.env.REFERENCE_PAGES ?? 'pages.json', 'utf8')) as Record<string, HtmlNode>;

const RENAMED: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  charset: 'charSet',
  tabindex: 'tabIndex',
  crossorigin: 'crossOrigin',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  autocomplete: 'autoComplete',
  enterkeyhint: 'enterKeyHint',
  inputmode: 'inputMode',
  srcset: 'srcSet',
  fetchpriority: 'fetchPriority',
  'http-equiv': 'httpEquiv',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  datetime: 'dateTime',
  novalidate: 'noValidate',
};
const BOOLEAN = new Set(['hidden', 'disabled', 'checked', 'selected', 'required', 'open', 'multiple', 'async', 'defer', 'novalidate', 'readonly', 'autofocus']);

function styleObject(css: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const rule of css.split(';')) {
    const at = rule.indexOf(':');
    if (at < 0) continue;
    const name = rule.slice(0, at).trim();
    style[name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = rule.slice(at + 1).trim();
  }
  return style;
}

/** Builds the element tree on every request, as a React app's components would. */
function toElement(node: HtmlNode, key?: number): ReactNode {
  if (typeof node === 'string') return node;
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(node.attrs)) {
    if (name === 'style') props.style = styleObject(value);
    else if (BOOLEAN.has(name)) props[RENAMED[name] ?? name] = true;
    else props[RENAMED[name] ?? name] = value;
  }
  if (node.raw !== undefined) props.dangerouslySetInnerHTML = { __html: node.raw };
  const children = node.raw !== undefined || node.children.length === 0 ? undefined : node.children.map(toElement);
  return createElement(node.tag, props, children);
}

const app = express();
app.disable('x-powered-by');
app.get('/:page', (req, res) => {
  const page = pages[req.params.page];
  if (!page) return res.status(404).end('no such page');
  res.type('html').end(`<!DOCTYPE html>${renderToString(toElement(page))}`);
});
const port = Number(process.env.PORT ?? 4101);
app.listen(port, '127.0.0.1', () => console.log(`reference listening on ${port}`));
