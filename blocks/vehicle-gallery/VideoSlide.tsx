import { useState } from 'react';
import { youtubeEmbedUrl, youtubeId } from './video';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

/** docs/requirements/vehicle-browsing.md#states: the video slide. YouTube loads only when played, so the page fetches nothing from it up front. */
export function VideoSlide({ url, poster, title, carId }: { url: string; poster?: string; title: string; carId: number }) {
  const [playing, setPlaying] = useState(false);
  const id = youtubeId(url);
  if (!id) {
    return <video className="gallery-video" controls preload="none" poster={poster} src={url} aria-label={`${title}: video`} />;
  }
  if (playing) {
    return (
      <iframe
        className="gallery-video"
        src={youtubeEmbedUrl(id)}
        title={`${title}: video`}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    <button type="button" className="gallery-video-poster" onClick={() => setPlaying(true)} aria-label={`Play the video of the ${title}`}>
      {poster && <ResponsiveImage carId={carId} src={poster} alt="" width={800} height={600} sizes="(max-width: 900px) 100vw, 800px" draggable={false} />}
      <span className="play-icon" aria-hidden="true" />
      <span className="play-label">Watch the video</span>
    </button>
  );
}
