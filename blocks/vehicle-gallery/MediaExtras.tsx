// Below the photos: the car's external video (docs/requirements/vehicle-browsing.md#screens 'external video', external_video_url) and the impel
// walkaround (docs/requirements/vehicle-browsing.md#states: only with the site's impel setting and 2 or more images). Both are click-to-load facades:
// nothing is fetched from the video or viewer host until the shopper asks, and the frames' hosts are the only ones the
// page's CSP frame-src allows (runtime/server/tenant-csp.ts).
import { useState } from 'react';
import { EXTERNAL_VIDEO_HEADING, externalVideo, impelViewerUrl } from '../../runtime/domain/vehicle/media-extras';
import type { VehiclePageData } from '../../runtime/page-data/types';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

type Car = VehiclePageData['car'];

function Facade({ label, poster, carId, onPlay, hint }: { label: string; poster?: string | null; carId: number; onPlay: () => void; hint: string }) {
  return (
    <button type="button" className="media-facade" onClick={onPlay} aria-label={label}>
      {poster && <ResponsiveImage carId={carId} src={poster} alt="" width={800} height={600} sizes="(max-width: 900px) 100vw, 800px" draggable={false} />}
      <span className="play-icon" aria-hidden="true" />
      <span className="play-label">{hint}</span>
    </button>
  );
}

export function ExternalVideo({ car, title }: { car: Car; title: string }) {
  const [playing, setPlaying] = useState(false);
  const video = externalVideo(car.external_video_url);
  if (!video) return null;
  const host = video.kind === 'youtube' ? 'YouTube' : 'Vimeo';
  return (
    <section className="vehicle-external-video" aria-labelledby="external-video-heading">
      <h2 id="external-video-heading">{EXTERNAL_VIDEO_HEADING}</h2>
      {video.kind === 'link' ? (
        <p>
          <a href={video.url} target="_blank" rel="noopener noreferrer nofollow">
            Watch the video of the {title}
          </a>
        </p>
      ) : playing ? (
        <iframe
          className="media-frame"
          src={video.embedUrl}
          title={`${title}: video`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className="media-frame">
          <Facade
            label={`Watch the video of the ${title} on ${host}`}
            poster={car.primary_image_url}
            carId={car.id}
            onPlay={() => setPlaying(true)}
            hint={`Watch on ${host}`}
          />
          <p className="media-note">Plays from {host} when you press play.</p>
        </div>
      )}
    </section>
  );
}

export function ImpelWalkaround({ car, title, template }: { car: Car; title: string; template: string | undefined }) {
  const [open, setOpen] = useState(false);
  const url = impelViewerUrl(car, template);
  if (!url) return null;
  return (
    <section className="vehicle-walkaround" aria-labelledby="walkaround-heading">
      <h2 id="walkaround-heading">360° Walkaround</h2>
      {open ? (
        <iframe
          className="media-frame"
          src={url}
          title={`${title}: 360° walkaround`}
          allow="fullscreen; gyroscope; accelerometer"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className="media-frame">
          <Facade
            label={`Open the 360° walkaround of the ${title}`}
            poster={car.primary_image_url}
            carId={car.id}
            onPlay={() => setOpen(true)}
            hint="Open the 360° walkaround"
          />
        </div>
      )}
    </section>
  );
}
