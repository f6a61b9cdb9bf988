// A fullscreen photo slider in a modal dialog (docs/requirements/vehicle-browsing.md#screens: gallery "with thumbnails and a fullscreen slider").
// Loaded with import() only when a shopper opens it, so pages do not ship it up front.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import './lightbox.css';
import { prefersReducedMotion } from '../reduced-motion';
import { ResponsiveImage } from '../image/ResponsiveImage';
import { useThumbInView } from '../slider/use-thumb-in-view';

export interface LightboxSlide {
  url: string;
  thumbUrl?: string;
  alt: string;
}

export interface LightboxProps {
  slides: LightboxSlide[];
  /** The car the photos are of, when they are a car's (a feed's photos then come as AVIF/WebP variants). */
  carId?: number;
  startIndex?: number;
  /** docs/requirements/vehicle-browsing.md#states: fullscreen thumbnails show with more than 3 images; the caller decides. */
  showThumbnails: boolean;
  /** Names the dialog, e.g. the vehicle title. */
  title: string;
  /** Called with the slide last shown, so the page gallery can follow. */
  onClose: (index: number) => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

export default function Lightbox({ slides, carId, startIndex = 0, showThumbnails, title, onClose }: LightboxProps) {
  const [current, setCurrent] = useState(startIndex);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const currentRef = useRef(startIndex);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    // Reduced motion: slides change at once instead of sliding.
    ...(prefersReducedMotion() ? { defaultAnimation: { duration: 0 } } : {}),
    initial: startIndex,
    loop: slides.length > 1,
    slideChanged: (s) => {
      currentRef.current = s.track.details.rel;
      setCurrent(s.track.details.rel);
    },
  });

  useEffect(() => {
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const thumbsRef = useThumbInView(current);

  const close = () => onClose(currentRef.current);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      slider.current?.next();
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      slider.current?.prev();
    } else if (e.key === 'Tab') {
      // Keep focus inside the dialog while it is open.
      const items = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  return createPortal(
    <div className="lightbox" role="dialog" aria-modal="true" aria-label={`${title}: photos`} ref={dialogRef} onKeyDown={onKeyDown}>
      <div className="lightbox-bar">
        <p className="lightbox-count" aria-live="polite">
          {current + 1} / {slides.length}
        </p>
        <button type="button" className="lightbox-close" ref={closeRef} onClick={close} aria-label="Close fullscreen gallery">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="lightbox-stage">
        <div ref={sliderRef} className="keen-slider lightbox-slider">
          {slides.map((slide, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a car's photos can repeat an address; the slides keep their order, so the place tells them apart
            <div className="keen-slider__slide lightbox-slide" key={`${slide.url}-${i}`} aria-hidden={i !== current}>
              <ResponsiveImage carId={carId} src={slide.url} alt={slide.alt} width={1600} height={1200} sizes="100vw" draggable={false} />
            </div>
          ))}
        </div>
        {slides.length > 1 && (
          <>
            <button type="button" className="lightbox-arrow prev" onClick={() => slider.current?.prev()} aria-label="Previous photo">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="lightbox-arrow next" onClick={() => slider.current?.next()} aria-label="Next photo">
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      {showThumbnails && (
        <div className="lightbox-thumbs" ref={thumbsRef}>
          {slides.map((slide, i) => (
            <button
              type="button"
              // biome-ignore lint/suspicious/noArrayIndexKey: as the slides above
              key={`${slide.url}-${i}`}
              className="lightbox-thumb"
              aria-current={i === current}
              aria-label={`Show photo ${i + 1}`}
              onClick={() => slider.current?.moveToIdx(i)}
            >
              <ResponsiveImage carId={carId} src={slide.thumbUrl ?? slide.url} alt="" width={96} height={72} sizes="96px" draggable={false} />
            </button>
          ))}
        </div>
      )}
    </div>,
    document.body,
  );
}
