// The photo slider of the vehicle page (docs/requirements/vehicle-browsing.md#states): keen-slider slides, thumbnails, video and custom slide at
// position 2, and a fullscreen slider that is downloaded only when first opened. keen-slider itself is created on the
// first hover, touch, focus or key (runtime/ui/slider/use-deferred-keen-slider.ts).
import { useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import type { GalleryModel, GallerySlide } from '../../runtime/domain/vehicle';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { LightboxProps, LightboxSlide } from '../../runtime/ui/lightbox/Lightbox';
import { VideoSlide } from './VideoSlide';
import { prefersReducedMotion } from '../../runtime/ui/reduced-motion';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { useDeferredKeenSlider } from '../../runtime/ui/slider/use-deferred-keen-slider';
import { useThumbInView } from '../../runtime/ui/slider/use-thumb-in-view';

/** The gallery fills the column on phones and tablets, 800 px beside the sidebar on desktops. */
const GALLERY_SIZES = '(max-width: 900px) 100vw, 800px';

export interface CustomSlideContent {
  heading?: string;
  text?: string;
  linkText?: string;
  href?: string;
}

interface Props {
  /** The car the photos are of (a feed's photos then come as AVIF/WebP variants of its site). */
  carId: number;
  /** The blurred preview of the car's main photo (`src`), painted in its slide until the photo loads. */
  placeholder?: { src: string; uri: string };
  model: Pick<GalleryModel, 'slides' | 'showThumbnails' | 'showFullscreenThumbnails'>;
  title: string;
  customSlide?: CustomSlideContent;
  showPhotoCount: boolean;
}

const isPhoto = (s: GallerySlide | undefined): s is Extract<GallerySlide, { kind: 'image' | 'placeholder' }> =>
  s?.kind === 'image' || s?.kind === 'placeholder';

function photoAlt(slide: GallerySlide, title: string, n: number, total: number) {
  return slide.kind === 'placeholder' ? `${title}: photos coming soon` : `${title}, photo ${n} of ${total}`;
}

export function ImageGallery({ carId, placeholder, model, title, customSlide, showPhotoCount }: Props) {
  const slides = model.slides;
  const photos = slides.filter(isPhoto);
  const [current, setCurrent] = useState(0);
  const [loadedOnce, setLoadedOnce] = useState(false);
  const [Lightbox, setLightbox] = useState<ComponentType<LightboxProps> | null>(null);
  const [openAt, setOpenAt] = useState<number | null>(null);
  const [opening, setOpening] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const {
    ref: sliderRef,
    slider,
    run,
    loading,
    triggers,
  } = useDeferredKeenSlider<HTMLDivElement>({
    // Reduced motion: slides change at once instead of sliding.
    ...(prefersReducedMotion() ? { defaultAnimation: { duration: 0 } } : {}),
    loop: slides.length > 1,
    slideChanged: (s) => setCurrent(s.track.details.rel),
    created: () => setLoadedOnce(true),
  });

  const thumbsRef = useThumbInView(current);

  const photoIndexOf = (slideIndex: number) => photos.indexOf(slides[slideIndex] as (typeof photos)[number]);

  async function openFullscreen(slideIndex: number) {
    const photoIndex = Math.max(0, photoIndexOf(slideIndex));
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!Lightbox) {
      setOpening(true);
      try {
        const mod = await import('../../runtime/ui/lightbox/Lightbox');
        setLightbox(() => mod.default);
      } finally {
        setOpening(false);
      }
    }
    setOpenAt(photoIndex);
  }

  function closeFullscreen(photoIndex: number) {
    setOpenAt(null);
    const photo = photos[photoIndex];
    const slideIndex = photo ? slides.indexOf(photo) : -1;
    if (slideIndex >= 0 && (slider.current || slideIndex !== 0)) run((s) => s.moveToIdx(slideIndex, true, { duration: 0 }));
    // Focus goes back where the shopper was (seed: dialogs return focus).
    requestAnimationFrame(() => opener.current?.focus());
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      run((s) => s.next());
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      run((s) => s.prev());
    } else if ((e.key === 'Enter' || e.key === ' ') && isPhoto(slides[current])) {
      e.preventDefault();
      void openFullscreen(current);
    }
  };

  const lightboxSlides: LightboxSlide[] = photos.map((s, i) => ({
    url: s.url,
    thumbUrl: s.kind === 'image' ? s.thumbUrl : s.url,
    alt: photoAlt(s, title, i + 1, photos.length),
  }));
  const firstPhoto = photos[0];
  const poster = firstPhoto?.url;

  return (
    <div className="image-gallery" data-ready={loadedOnce ? 'true' : undefined} onPointerEnter={triggers.onPointerEnter} onFocus={triggers.onFocus}>
      <div
        className="gallery-viewport"
        role="region"
        aria-roledescription="carousel"
        aria-label={`${title}: photos. Use the arrow keys to change photo and Enter to view it fullscreen.`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-busy={loading || undefined}
        onPointerDown={triggers.onPointerDown}
        onPointerUp={triggers.onPointerUp}
      >
        <div ref={sliderRef} className="keen-slider gallery-main">
          {slides.map((slide, i) => (
            <div
              key={slide.kind === 'custom' ? `custom-${slide.id}` : `${slide.kind}-${slide.url}-${i}`}
              className={`keen-slider__slide gallery-slide gallery-slide-${slide.kind}`}
              data-slide-kind={slide.kind}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={loadedOnce && i !== current ? true : undefined}
            >
              {isPhoto(slide) ? (
                <button
                  type="button"
                  className="gallery-photo"
                  tabIndex={-1}
                  onClick={() => void openFullscreen(i)}
                  aria-label={`View ${photoAlt(slide, title, photoIndexOf(i) + 1, photos.length)} fullscreen`}
                >
                  <ResponsiveImage
                    carId={carId}
                    src={slide.url}
                    placeholder={(slide.kind === 'image' && slide.placeholder) || (slide.url === placeholder?.src ? placeholder.uri : undefined)}
                    alt={photoAlt(slide, title, photoIndexOf(i) + 1, photos.length)}
                    width={800}
                    height={600}
                    sizes={GALLERY_SIZES}
                    loading={i === 0 ? 'priority' : 'lazy'}
                    draggable={false}
                  />
                </button>
              ) : slide.kind === 'video' ? (
                <VideoSlide url={slide.url} poster={poster} title={title} carId={carId} />
              ) : (
                <div className="gallery-custom">
                  {customSlide?.heading && <h3>{customSlide.heading}</h3>}
                  {customSlide?.text && <p>{customSlide.text}</p>}
                  {customSlide?.href && customSlide.linkText && (
                    <SiteLink href={customSlide.href} className="button button-primary">
                      {customSlide.linkText}
                    </SiteLink>
                  )}
                </div>
              )}
            </div>
          ))}
        </div>
        {slides.length > 1 && (
          <>
            <button type="button" className="gallery-arrow prev" onClick={() => run((s) => s.prev())} aria-label="Previous slide">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="gallery-arrow next" onClick={() => run((s) => s.next())} aria-label="Next slide">
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
        {showPhotoCount && slides.length > 1 && (
          <p className="gallery-count" aria-hidden="true">
            {current + 1} / {slides.length}
          </p>
        )}
        {firstPhoto && (
          <button
            type="button"
            className="gallery-fullscreen"
            onClick={() => void openFullscreen(isPhoto(slides[current]) ? current : slides.indexOf(firstPhoto))}
            aria-busy={opening || undefined}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            Fullscreen
          </button>
        )}
      </div>
      {model.showThumbnails && (
        <div className="gallery-thumbs" ref={thumbsRef} aria-label="Choose a slide">
          {slides.map((slide, i) => (
            <button
              type="button"
              // biome-ignore lint/suspicious/noArrayIndexKey: a car's photos can repeat an address; its slides keep their order, so the place tells them apart
              key={`thumb-${i}`}
              className={`gallery-thumb gallery-thumb-${slide.kind}`}
              aria-current={i === current}
              aria-label={`Show slide ${i + 1}${slide.kind === 'video' ? ' (video)' : ''}`}
              onClick={() => run((s) => s.moveToIdx(i))}
            >
              {slide.kind === 'image' ? (
                <ResponsiveImage
                  carId={carId}
                  src={slide.thumbUrl}
                  placeholder={slide.placeholder}
                  alt=""
                  width={104}
                  height={78}
                  sizes="104px"
                  draggable={false}
                />
              ) : slide.kind === 'placeholder' ? (
                <ResponsiveImage carId={carId} src={slide.url} alt="" width={104} height={78} draggable={false} />
              ) : (
                <span className="thumb-label">{slide.kind === 'video' ? '▶ Video' : customSlide?.heading}</span>
              )}
            </button>
          ))}
        </div>
      )}
      {Lightbox && openAt !== null && (
        <Lightbox
          carId={carId}
          slides={lightboxSlides}
          startIndex={openAt}
          showThumbnails={model.showFullscreenThumbnails}
          title={title}
          onClose={closeFullscreen}
        />
      )}
    </div>
  );
}
