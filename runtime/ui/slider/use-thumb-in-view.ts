// The gallery's and the lightbox's strip of thumbnails: the current slide's thumbnail is scrolled to the middle of the
// strip (the strip only, never the page) whenever the slide changes.
import { useEffect, useRef } from 'react';

/** The ref for the strip, whose children are the thumbnails in slide order. */
export function useThumbInView(current: number) {
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = strip.current;
    const thumb = element?.children[current];
    if (element && thumb instanceof HTMLElement) element.scrollLeft = thumb.offsetLeft - element.clientWidth / 2 + thumb.clientWidth / 2;
  }, [current]);
  return strip;
}
