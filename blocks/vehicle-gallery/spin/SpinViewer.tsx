// The 360° spin viewer and the interior view (docs/requirements/vehicle-browsing.md#states). This module is its own chunk, loaded only for cars
// with spin frames.
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { spinFrameUrl } from '../../../runtime/domain/images/variants';
import type { Hotspot } from '../../../schemas/generated/car';
import { frameAfterDrag, hotspotsAtAngle, type PlacedHotspot } from '../../../runtime/domain/vehicle';
import { SpinnerProvider, useSpinner } from './spinner-context';
import { ResponsiveImage } from '../../../runtime/ui/image/ResponsiveImage';
import { SpinIcon } from '../../../runtime/ui/icons/icons';

export interface SpinViewerProps {
  /** The car the frames are of: a feed's frames are shown as the site's WebP variants (spinFrameUrl). */
  carId: number;
  frames: string[];
  hotspots: Hotspot[];
  title: string;
  autoRotate: boolean;
  autoRotateIntervalMs: number;
}

/** Frames downloading at once: each settled download starts the next, in a task of its own. */
const CONCURRENT_FRAME_DOWNLOADS = 4;

const hasIdleCallback = () => typeof requestIdleCallback === 'function';

/** Runs `next` in an idle moment once the page has loaded (after a short timer where there is no requestIdleCallback). */
function whenIdleAfterLoad(next: () => void): () => void {
  let handle = 0;
  const idle = () => {
    handle = hasIdleCallback() ? requestIdleCallback(next, { timeout: 2000 }) : window.setTimeout(next, 50);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    if (hasIdleCallback()) cancelIdleCallback(handle);
    else clearTimeout(handle);
  };
}

/**
 * Downloads every frame once, into the HTTP cache the stage's <img> then shows it from; the loading indicator stays
 * until all have settled. Lighthouse counted up to 2 s of blocking time when the viewer preloaded with `new Image()`
 * as it hydrated: 36 downloads competing with the page's first load, each load a React update, and each drawn (SVG)
 * frame parsed as a document on the main thread. So the downloads start once the page has loaded, in an idle moment,
 * at low priority, as plain fetches (a frame is parsed or decoded only when shown), a few at a time (each fetch() call
 * costs the main thread a millisecond or two: 36 in one task were a long task), and the frames that settled are
 * counted in one update per animation frame.
 */
function usePreload(urls: string[]) {
  const { markLoaded, markStarted } = useSpinner();
  useEffect(() => {
    if (!urls.length) return;
    const abort = new AbortController();
    let settled = 0;
    let flush = 0;
    const done = () => {
      if (abort.signal.aborted) return;
      settled++;
      flush ||= requestAnimationFrame(() => {
        flush = 0;
        markLoaded(settled);
        settled = 0;
      });
    };
    let next = 0;
    const preloadNext = () => {
      const url = urls[next++];
      if (url === undefined) return;
      fetch(url, { priority: 'low', signal: abort.signal })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.blob(); // read to the end, so the cache holds the whole frame
        })
        .catch(() => {
          // docs/requirements/vehicle-browsing.md#errors: image preload failures go to the console only.
          if (!abort.signal.aborted) console.warn(`Spin frame failed to load: ${url}`);
        })
        .finally(() => {
          done();
          if (!abort.signal.aborted) preloadNext();
        });
    };
    const cancelWait = whenIdleAfterLoad(() => {
      markStarted();
      for (let i = 0; i < CONCURRENT_FRAME_DOWNLOADS; i++) preloadNext();
    });
    return () => {
      abort.abort();
      cancelWait();
      cancelAnimationFrame(flush);
    };
  }, [urls, markLoaded, markStarted]);
}

/** The frames' downloads have begun and not all have settled: the loading indicator veils the stage. */
const framesLoading = ({ started, progress }: Pick<ReturnType<typeof useSpinner>, 'started' | 'progress'>) => started && !progress.done;

function LoadingIndicator() {
  const spinner = useSpinner();
  if (!framesLoading(spinner)) return null;
  const { progress } = spinner;
  return (
    <div className="spin-loading" role="status">
      <span className="spin-loading-ring" aria-hidden="true" />
      <span>
        {/* One text node: as '{n}%' (two nodes) the '%' moved when the number widened, a layout shift. */}
        Loading 360° view… <span className="spin-percent">{`${progress.percent}%`}</span>
      </span>
    </div>
  );
}

/** Before the frames load (the server's HTML: the viewer loads them once touched) and after, not while they load. */
function SwipeHint() {
  const spinner = useSpinner();
  if (spinner.interacted || framesLoading(spinner)) return null;
  return (
    <p className="spin-hint" aria-hidden="true">
      <span className="spin-hint-icon">
        <SpinIcon />
      </span>{' '}
      Swipe to spin
    </p>
  );
}

function Hotspots({ spots, label }: { spots: PlacedHotspot[]; label: string }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ul className="hotspots" aria-label={label}>
      {spots.map((spot, i) => (
        <li key={spot.id} className="hotspot" style={{ left: `${spot.posX}%`, top: `${spot.posY}%` }}>
          <button
            type="button"
            className="hotspot-dot"
            aria-expanded={open === spot.id}
            aria-label={spot.description}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={() => setOpen(open === spot.id ? null : spot.id)}
          >
            {i + 1}
          </button>
          {open === spot.id && (
            <p className={`hotspot-text${spot.posX > 60 ? ' left' : ''}`} role="note">
              {spot.description}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function SpinStage({ frames, hotspots, title }: Pick<SpinViewerProps, 'frames' | 'hotspots' | 'title'>) {
  const spinner = useSpinner();
  const drag = useRef<{ x: number; frame: number; id: number } | null>(null);
  usePreload(frames);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, frame: spinner.frame, id: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    spinner.markInteracted();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    // docs/requirements/vehicle-browsing.md#states: 20 px of drag per frame, wrapping around.
    spinner.setFrame(frameAfterDrag(d.frame, e.clientX - d.x, spinner.frameCount));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null;
  };
  const frameSrc = frames[spinner.frame];
  if (frameSrc === undefined) return null; // no frames: nothing to turn

  return (
    <div className="spin-viewer">
      {/* The slider holds no buttons (a control inside a control is unusable with a screen reader): the hotspots sit
          beside it, over the same stage. */}
      <div className="spin-stage">
        <div
          className="spin-control"
          role="slider"
          tabIndex={0}
          aria-label={`${title}: 360° view. Drag or use the arrow keys to spin.`}
          aria-valuemin={1}
          aria-valuemax={spinner.frameCount}
          aria-valuenow={spinner.frame + 1}
          aria-valuetext={`Angle ${spinner.frame + 1} of ${spinner.frameCount}`}
          data-frame={spinner.frame}
          onKeyDown={(e) => {
            if (spinner.stepByKey(e.key)) e.preventDefault();
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          <ResponsiveImage
            src={frameSrc}
            alt={`${title}, 360° view, angle ${spinner.frame + 1} of ${spinner.frameCount}`}
            width={800}
            height={600}
            loading="eager"
            draggable={false}
          />
          <SwipeHint />
          <LoadingIndicator />
        </div>
        {/* Not over the loading indicator, which veils the stage while the frames download. */}
        {!framesLoading(spinner) && <Hotspots spots={hotspotsAtAngle(hotspots, spinner.frame)} label="Highlights at this angle" />}
      </div>
    </div>
  );
}

export default function SpinViewer({ carId, frames: feedFrames, hotspots, title, autoRotate, autoRotateIntervalMs }: SpinViewerProps) {
  // The addresses preloaded and shown are the same, so each frame is downloaded once.
  const frames = useMemo(() => feedFrames.map((frame) => spinFrameUrl(carId, frame)), [carId, feedFrames]);
  return (
    <SpinnerProvider frameCount={frames.length} autoRotate={autoRotate} intervalMs={autoRotateIntervalMs}>
      <SpinStage frames={frames} hotspots={hotspots} title={title} />
    </SpinnerProvider>
  );
}

/** docs/requirements/vehicle-browsing.md#screens: the Interior tab, the cabin image with its hotspots (interior anchors use view angle 0). */
export function InteriorView({ carId, image, hotspots, title }: { carId: number; image: string; hotspots: Hotspot[]; title: string }) {
  return (
    <div className="spin-viewer interior-view">
      <div className="spin-stage interior-stage">
        <ResponsiveImage carId={carId} src={image} alt={`${title}, interior`} width={800} height={600} loading="eager" draggable={false} />
        <Hotspots spots={hotspotsAtAngle(hotspots, 0)} label="Interior highlights" />
      </div>
    </div>
  );
}
