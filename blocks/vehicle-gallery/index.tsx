// Vehicle gallery block (docs/requirements/vehicle-browsing.md#screens, #states): photos, or the spin viewer with Spin, Images and Interior tabs.
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import type { ResolvedVehicleGalleryProps as VehicleGalleryProps } from '../../schemas/generated/block-props';
import { vehicleGallery, vehicleTitle, type GalleryModel, type SpinView } from '../../runtime/domain/vehicle';
import { spinFrameUrl } from '../../runtime/domain/images/variants';
import type { VehiclePageData } from '../../runtime/page-data/types';
import { usePageData, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { ImageGallery, type CustomSlideContent } from './ImageGallery';
import { ExternalVideo, ImpelWalkaround } from './MediaExtras';
import 'keen-slider/keen-slider.min.css';
import './styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { resolvedSettings } from '../../runtime/domain/settings';
import { HydrateOnLoad } from '../../runtime/renderer/HydrateOnLoad';

// Its own chunk, fetched only for cars with spin frames (docs/requirements/dealer-services.md#constants: the 360 spin viewer is lazy-loaded).
const SpinViewer = lazy(() => import('./spin/SpinViewer'));
const InteriorView = lazy(() => import('./spin/SpinViewer').then((m) => ({ default: m.InteriorView })));

const SPIN_TAB_LABELS: Record<SpinView, string> = { spinner: 'Spin', gallery: 'Images', interior: 'Interior' };

type Car = VehiclePageData['car'];

/** `carId` for the interior image (its variants, like the view that follows); a spin frame comes as spinFrameUrl gives it. */
function SpinFallback({ image, title, carId }: { image?: string | null; title: string; carId?: number }) {
  return (
    <div className="spin-viewer">
      <div className="spin-stage">
        {image && <ResponsiveImage carId={carId} src={image} alt={`${title}, 360° view`} width={800} height={600} loading="eager" draggable={false} />}
        <div className="spin-loading" role="status">
          <span className="spin-loading-ring" aria-hidden="true" />
          {/* The same text and width as the viewer's loading indicator, so nothing moves when it takes over. */}
          <span>
            Loading 360° view… <span className="spin-percent">0%</span>
          </span>
        </div>
      </div>
    </div>
  );
}

type GalleryOf = { car: Car; model: GalleryModel; title: string; props: VehicleGalleryProps };

/** The photo slider, as a gallery site shows it and as the spin gallery's Images tab does. */
function PhotoGallery({ car, model, title, props }: GalleryOf) {
  return (
    <ImageGallery
      carId={car.id}
      placeholder={car.primary_image_url && car.image_placeholder ? { src: car.primary_image_url, uri: car.image_placeholder } : undefined}
      model={model}
      title={title}
      customSlide={props.customSlide as CustomSlideContent}
      showPhotoCount={props.showPhotoCount !== false}
    />
  );
}

function SpinGallery({ car, model, title, props }: GalleryOf) {
  const settings = useSite().settings.vehicle?.gallery;
  const [view, setView] = useState<SpinView>(model.initialSpinView ?? 'spinner');
  const tabRefs = useRef<Partial<Record<SpinView, HTMLButtonElement | null>>>({});
  const views = model.spinViews;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = views.indexOf(view);
    const next = e.key === 'ArrowRight' ? views[(i + 1) % views.length] : e.key === 'ArrowLeft' ? views[(i - 1 + views.length) % views.length] : null;
    if (!next) return;
    e.preventDefault();
    setView(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="spin-gallery" data-view={view}>
      <div className="spin-tabs" role="tablist" aria-label="Vehicle views" onKeyDown={onKeyDown}>
        {views.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            id={`spin-tab-${v}`}
            aria-controls={`spin-panel-${v}`}
            aria-selected={view === v}
            tabIndex={view === v ? 0 : -1}
            ref={(el) => {
              tabRefs.current[v] = el;
            }}
            onClick={() => setView(v)}
          >
            {SPIN_TAB_LABELS[v]}
          </button>
        ))}
      </div>
      <div className="spin-panel" role="tabpanel" id={`spin-panel-${view}`} aria-labelledby={`spin-tab-${view}`}>
        {view === 'spinner' && (
          <Suspense fallback={<SpinFallback image={car.spin_images?.[0] && spinFrameUrl(car.id, car.spin_images[0])} title={title} />}>
            <SpinViewer
              carId={car.id}
              frames={car.spin_images ?? []}
              hotspots={car.hotspots?.exterior ?? []}
              title={title}
              autoRotate={settings?.spinAutoRotate ?? false}
              autoRotateIntervalMs={settings?.spinAutoRotateIntervalMs ?? 100}
            />
          </Suspense>
        )}
        {view === 'gallery' && <PhotoGallery car={car} model={model} title={title} props={props} />}
        {view === 'interior' && car.spin_interior_image && (
          <Suspense fallback={<SpinFallback image={car.spin_interior_image} title={title} carId={car.id} />}>
            <InteriorView carId={car.id} image={car.spin_interior_image} hotspots={car.hotspots?.interior ?? []} title={title} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

const waitsForTouch = (model: GalleryModel, autoRotate: boolean) => model.mode === 'spin' && (model.initialSpinView ?? 'spinner') === 'spinner' && !autoRotate;

export default function VehicleGallery({ props }: BlockComponentProps<VehicleGalleryProps>) {
  const page = usePageData<VehiclePageData>();
  const site = useSite();
  if (!page?.car) return <p className="vehicle-block-empty">Photos of the vehicle show here on a vehicle page.</p>;
  const car = page.car;
  const title = vehicleTitle(car);
  const customSlideId = props.customSlide?.heading?.trim() ? 'custom' : undefined;
  const model = vehicleGallery(car, resolvedSettings(site.settings).vehicle.gallery, { customSlideId });
  return (
    <section className="vehicle-gallery" aria-label={`${title}: photos`}>
      {/* The gallery's code loads when the shopper touches it (its schema) where it opens on a spin viewer waiting for
          a swipe: the viewer's frames are the page's heaviest work. Photos must follow a first swipe, and a viewer
          that turns by itself must turn: those hydrate once the page has loaded. */}
      {!waitsForTouch(model, site.settings.vehicle?.gallery?.spinAutoRotate === true) && <HydrateOnLoad />}
      {model.mode === 'spin' ? (
        <SpinGallery car={car} model={model} title={title} props={props} />
      ) : (
        <PhotoGallery car={car} model={model} title={title} props={props} />
      )}
      <ImpelWalkaround car={car} title={title} template={site.settings.vehicle?.gallery?.impelViewerUrl} />
      <ExternalVideo car={car} title={title} />
    </section>
  );
}
