// Promotions slider (docs/requirements/dealer-services.md#constants: 540x1920 slides) on keen-slider: previous/next buttons, arrow keys, swipe, and an
// autoplay that pauses on hover or focus and never runs with reduced motion. Only live slides are shown.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import type { ResolvedPromotionsSliderProps as PromotionsSliderProps } from '../../schemas/generated/block-props';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import { sitePageExists } from '../../runtime/renderer/page-exists';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useLivePromotions } from '../../runtime/ui/promotions/use-live-promotions';
import type { LivePromotionsData } from '../promotion-cards/loader';
import './styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { useImageProp } from '../../runtime/ui/inline-edit';

/** docs/requirements/dealer-services.md#constants: promotions slider 540x1920 (height by width). */
export const SLIDE_WIDTH = 1920;
export const SLIDE_HEIGHT = 540;

type Slide = PromotionsSliderProps['slides'][number];

function Slides({
  slides,
  label,
  autoplaySeconds,
  imageAttributes,
}: {
  slides: Slide[];
  label: string;
  autoplaySeconds: number;
  /** The editor's marker on a slide's picture (an image dropped there replaces it); nothing on the live site. */
  imageAttributes: (slide: Slide) => { 'data-image-prop'?: string };
}) {
  const site = useSite();
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  const paused = useRef(false);
  // WCAG 2.2.2: moving content gets a visible pause control.
  const [stopped, setStopped] = useState(false);
  const [ref, slider] = useKeenSlider<HTMLDivElement>({
    loop: slides.length > 1,
    created: () => setReady(true),
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });
  useEffect(() => {
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!autoplaySeconds || slides.length < 2 || reduced || stopped) return;
    const timer = setInterval(() => {
      if (!paused.current) slider.current?.next();
    }, autoplaySeconds * 1000);
    return () => clearInterval(timer);
  }, [autoplaySeconds, slides.length, slider, stopped]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowRight') slider.current?.next();
    else if (e.key === 'ArrowLeft') slider.current?.prev();
    else return;
    e.preventDefault();
  };
  return (
    <div
      className="promotions-slider"
      data-ready={ready ? 'true' : undefined}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
    >
      <div ref={ref} className="keen-slider" role="region" aria-roledescription="carousel" aria-label={label} tabIndex={0} onKeyDown={onKeyDown}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={`keen-slider__slide promotion-slide${slide.hide_overlay ? ' no-overlay' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}: ${slide.name}`}
            // Slides out of view leave the tab order and the accessibility tree (their links too).
            inert={(ready && i !== current) || undefined}
            data-promotion={slide.id}
          >
            <ResponsiveImage
              {...imageAttributes(slide)}
              src={slide.image}
              alt={slide.hide_overlay ? slide.imageAlt || slide.name : (slide.imageAlt ?? '')}
              focus={slide.imageFocus}
              width={SLIDE_WIDTH}
              height={SLIDE_HEIGHT}
              sizes="100vw"
              loading={i === 0 ? 'priority' : 'lazy'}
            />
            {!slide.hide_overlay && (
              <div className="promotion-slide-overlay">
                <h2>{slide.name}</h2>
                {slide.description && <p>{slide.description}</p>}
                {slide.url && sitePageExists(site, slide.url) && (
                  <SiteLink href={slide.url} className="button">
                    {slide.buttonText}
                  </SiteLink>
                )}
              </div>
            )}
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="promotions-slider-controls">
          <button type="button" className="promotions-slider-prev" aria-label="Previous slide" onClick={() => slider.current?.prev()}>
            ‹
          </button>
          <span className="promotions-slider-count" aria-live="polite">
            {current + 1} / {slides.length}
          </span>
          <button type="button" className="promotions-slider-next" aria-label="Next slide" onClick={() => slider.current?.next()}>
            ›
          </button>
          {autoplaySeconds > 0 && (
            <button type="button" className="promotions-slider-pause" aria-pressed={stopped} onClick={() => setStopped((s) => !s)}>
              {stopped ? 'Play' : 'Pause'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

export default function PromotionsSlider({ props, data }: BlockComponentProps<PromotionsSliderProps, LivePromotionsData | undefined>) {
  const live = useLivePromotions(props.slides, data?.live);
  const imageProp = useImageProp();
  const slides = props.slides.filter((_, i) => live[i]);
  if (!slides.length) return null;
  // A new set of live slides remounts keen-slider so it measures the slides it has.
  return (
    <Slides
      key={slides.map((s) => s.id).join(',')}
      slides={slides}
      label={props.label}
      autoplaySeconds={props.autoplaySeconds}
      // By the slide's place in the props: only live slides are shown, so the shown order can skip some.
      imageAttributes={(slide) => imageProp(`slides.${props.slides.indexOf(slide)}.image`)}
    />
  );
}
