import { useEffect, useState } from 'react';
import type { PromoBannerProps } from '../../schemas/generated/tenant';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import type { PromoBannerData } from './loader';
import { isPromoWindowOpen, msUntilNextChange } from './promo-window';
import './styles.css';

const MAX_TIMER_MS = 2 ** 31 - 1; // setTimeout's limit (about 24.8 days)

/** Whether the window is open now: the server's answer first, then the browser's clock, kept right at each boundary. */
function usePromoLive(window: { start: string; expiry: string }, serverLive: boolean | undefined) {
  // Without server data (an editor preview of a fixture) the banner shows.
  const [live, setLive] = useState(serverLive ?? true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const now = Date.now();
      setLive(isPromoWindowOpen(window, now));
      const wait = msUntilNextChange(window, now);
      if (wait !== null) timer = setTimeout(check, Math.min(wait, MAX_TIMER_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [window.start, window.expiry]);
  return live;
}

export default function PromoBanner({ props, data, block }: BlockComponentProps<PromoBannerProps, PromoBannerData | undefined>) {
  const live = usePromoLive(props, data?.live);
  if (!live) return null;
  const headingId = `${block.id}-heading`;
  return (
    <section className={`promo-banner promo-banner-${props.tone ?? 'accent'}${props.image ? ' has-image' : ''}`} aria-labelledby={headingId}>
      <div className="container promo-banner-inner">
        <div className="promo-banner-text">
          {props.eyebrow && <p className="promo-banner-eyebrow">{props.eyebrow}</p>}
          <h2 id={headingId}>{props.heading}</h2>
          {props.text && <p className="promo-banner-body">{props.text}</p>}
          {props.buttonText && props.buttonHref && (
            <SiteLink href={props.buttonHref} className="button promo-banner-button">
              {props.buttonText}
            </SiteLink>
          )}
        </div>
        {props.image && (
          <div className="promo-banner-media">
            <img src={props.image} alt={props.imageAlt ?? ''} loading="lazy" />
          </div>
        )}
      </div>
    </section>
  );
}
