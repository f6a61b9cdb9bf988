// How a car's video_url plays in the gallery: YouTube links become a privacy-enhanced embed loaded on click,
// other addresses a plain <video>.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The YouTube video id of a watch, short or embed link; null for anything else. */
export function youtubeId(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = parsed.pathname === '/watch' ? parsed.searchParams.get('v') : (/^\/(?:embed|shorts)\/([^/]+)/.exec(parsed.pathname)?.[1] ?? null);
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
