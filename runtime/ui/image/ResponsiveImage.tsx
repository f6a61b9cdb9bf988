// The one image element of the shopper-facing site. Width and height are always set (the browser reserves the space,
// so nothing shifts when it loads); drawn car and model images, editor uploads and (given `carId`) a stock feed's car
// photos come as a <picture> of AVIF and WebP variants with a JPEG/PNG fallback (a feed photo's own address), each with a srcset the browser picks from by `sizes`. The page's largest image
// above the fold (`priority`) is fetched first and at once; every other image waits until it is near the viewport.
import type { ImgHTMLAttributes } from 'react';
import { imageSources } from '../../domain/images/variants';

export interface ResponsiveImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height' | 'loading' | 'sizes' | 'decoding' | 'fetchPriority'> {
  src: string;
  alt: string;
  /** The image's width and height as laid out (CSS pixels); their ratio is the image's. */
  width: number;
  height: number;
  /** How wide the image is shown (the `sizes` attribute); by default at most `width` pixels. */
  sizes?: string;
  /**
   * `priority`: the page's main (LCP) image, fetched first and at once (one per page); `eager`: fetched at once (the
   * rest of the first screen); `lazy` (default): fetched when near the viewport, decoded off the main thread.
   */
  loading?: ImageLoading;
  /** The car this is a photo of: a stock feed's photo at its own https address then comes as AVIF/WebP variants too. */
  carId?: number;
  /** A blurred preview (a data URI the server made) painted in the image's box until the photo covers it. */
  placeholder?: string | null;
  /** The point kept in view when CSS crops the image (object-fit: cover), in percent of its width and height. */
  focus?: FocalPoint;
}

export interface FocalPoint {
  x: number;
  y: number;
}

/** The CSS position of a focal point ("30% 70%"): the crop's object-position and the placeholder's position alike. */
const focalPosition = (focus: FocalPoint | undefined) => (focus ? `${focus.x}% ${focus.y}%` : undefined);

export type ImageLoading = 'priority' | 'eager' | 'lazy';

export function ResponsiveImage({ src, alt, width, height, sizes, loading = 'lazy', carId, placeholder, focus, ...rest }: ResponsiveImageProps) {
  const set = imageSources(src, width, carId);
  const sizesOf = set.srcSet || set.sources.length ? (sizes ?? `(max-width: ${width}px) 100vw, ${width}px`) : undefined;
  // `rest` is spread last (it cannot hold the attributes set here): V8 takes microseconds per element to add
  // properties after spreading a rest object, which was 7% of a vehicle page's server render (44 images).
  const image = (
    <img
      src={set.src}
      srcSet={set.srcSet}
      sizes={sizesOf}
      alt={alt}
      width={width}
      height={height}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      decoding={loading === 'lazy' ? 'async' : undefined}
      fetchPriority={loading === 'priority' ? 'high' : undefined}
      style={imageStyle(placeholder, focalPosition(focus))}
      {...rest}
    />
  );
  if (set.sources.length === 0) return image;
  return (
    <picture className="responsive-picture">
      {set.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizesOf} />
      ))}
      {image}
    </picture>
  );
}

/** The preview as the image's own background: sized like the photo (cover), so nothing moves when the photo paints over it. */
const imageStyle = (uri: string | null | undefined, position: string | undefined) =>
  uri
    ? { backgroundImage: `url(${uri})`, backgroundSize: 'cover', backgroundPosition: position ?? 'center', objectPosition: position }
    : position
      ? { objectPosition: position }
      : undefined;
