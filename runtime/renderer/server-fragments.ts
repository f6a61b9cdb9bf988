// Parts of a page whose HTML depends only on the site document (the footer), rendered once per document and pasted
// into the pages after it: on a cache miss React then renders only what differs from page to page.
// - The first render of a part wraps it in a marker element (a host element with one child changes neither the HTML
//   React gives its content nor the ids useId gives); its HTML is cut out of the page and kept. Later renders put an
//   empty marker in its place, which the kept HTML replaces. Marker names hold a token random per process, so no
//   content can contain one.
// - Kept by the object the part's HTML depends on (the page's chrome: one per document and Range, entry-server.tsx),
//   so a publish, or a new Range, renders it again.
// - Only a part that starts and ends with an element is kept: React puts a separator (<!-- -->) between adjacent
//   text, which an element in its place would not need.
// - A part must hold nothing React hoists into <head> (an eager <img>'s preload, <title>, <meta>, <link>): a pasted
//   part would not add it. The header is not one (its logo is preloaded); render.test.ts compares the HTML.
// - The browser (and a render without a recorder: the editor, tests) renders the part as usual (ServerFragment.tsx);
//   hydration sees the same HTML either way.
import { randomBytes } from 'node:crypto';
import { createElement, type ReactNode } from 'react';
import type { PartRecorder } from './ServerFragment';
import { utf8Bytes } from './utf8-bytes';

const TOKEN = randomBytes(8).toString('hex');
const markerTag = (name: string) => `x-fragment-${TOKEN}-${name}`;

/** A kept part's HTML, and its bytes for pages sent as bytes. */
interface KeptPart {
  html: string;
  bytes: Buffer;
}

const keptParts = new WeakMap<object, Map<string, KeptPart>>();

/** One page render's use of the kept parts: which it pasted and which it rendered to keep. */
export class FragmentRecorder implements PartRecorder {
  private readonly kept: Map<string, KeptPart>;
  private readonly rendered = new Set<string>();
  private readonly pasted = new Set<string>();

  /** `dependsOn`: the object the parts' HTML depends on (their HTML is kept with it). */
  constructor(dependsOn: object) {
    let kept = keptParts.get(dependsOn);
    if (!kept) keptParts.set(dependsOn, (kept = new Map()));
    this.kept = kept;
  }

  /** The element rendered in the part's place: an empty marker when its HTML is kept, else the part in a marker. */
  element(name: string, children: ReactNode): ReactNode {
    if (this.kept.has(name)) {
      this.pasted.add(name);
      return createElement(markerTag(name));
    }
    this.rendered.add(name);
    return createElement(markerTag(name), null, children);
  }

  /** The page's HTML with the kept parts pasted in and the parts rendered this time unwrapped (and kept). */
  finish(html: string): string {
    return this.pieces(html)
      .map((piece) => (typeof piece === 'string' ? piece : piece.html))
      .join('');
  }

  /**
   * The same as UTF-8 bytes: each piece of the page is encoded once and the kept parts are pasted as the bytes kept with
   * them, so the page is never joined (and copied) again as a string before it is sent.
   */
  finishBytes(html: string): Buffer {
    return utf8Bytes(this.pieces(html).map((piece) => (typeof piece === 'string' ? piece : piece.bytes)));
  }

  /** The page cut at the kept parts' markers: its own HTML between them, and the kept parts in their places. */
  private pieces(html: string): (string | KeptPart)[] {
    let page = html;
    for (const name of this.rendered) {
      const start = `<${markerTag(name)}>`;
      const end = `</${markerTag(name)}>`;
      const from = page.indexOf(start);
      const to = page.indexOf(end, from);
      if (from < 0 || to < 0) continue;
      const part = page.slice(from + start.length, to);
      if (part.startsWith('<') && part.endsWith('>') && !part.includes(start)) this.kept.set(name, { html: part, bytes: Buffer.from(part, 'utf8') });
      page = page.slice(0, from) + part + page.slice(to + end.length);
    }
    const places = [...this.pasted]
      .map((name) => {
        const marker = `<${markerTag(name)}></${markerTag(name)}>`;
        // Searched from the end: the kept parts (the footer) sit near the end of the page, and each marker is unique.
        return { at: page.lastIndexOf(marker), length: marker.length, part: this.kept.get(name)! };
      })
      .filter((place) => place.at >= 0)
      .sort((a, b) => a.at - b.at);
    const pieces: (string | KeptPart)[] = [];
    let from = 0;
    for (const { at, length, part } of places) {
      pieces.push(page.slice(from, at), part);
      from = at + length;
    }
    pieces.push(from === 0 ? page : page.slice(from));
    return pieces;
  }
}
