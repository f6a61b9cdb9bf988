import { useEffect, useRef, useState } from 'react';
import type { ResolvedVehicleShareProps as VehicleShareProps } from '../../schemas/generated/block-props';
import {
  COPIED_NOTE_MS,
  copiedToast,
  favouriteCompareButtons,
  shareUrl,
  shareWindowFeatures,
  vehicleTitle,
  type ShareNetwork,
} from '../../runtime/domain/vehicle';
import { resolvedSettings } from '../../runtime/domain/settings';
import { useSite } from '../../runtime/renderer/site-context';
import { useFavourite } from '../../runtime/ui/favourites';
import type { Car } from '../../schemas/generated/car';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { showToast } from '../../runtime/ui/toast/toast-store';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import { useTrackAction } from '../../runtime/ui/tracking';
import './styles.css';
import { HeartIcon } from '../../runtime/ui/icons/icons';

const NETWORK_LABELS: Record<ShareNetwork, string> = { facebook: 'Facebook', twitter: 'X', linkedin: 'LinkedIn', whatsapp: 'WhatsApp', email: 'Email' };

export const pdfUrl = (slug: string) => `/api/cars/${encodeURIComponent(slug)}/pdf`;
export const printUrl = (slug: string) => `/print?car_id=${encodeURIComponent(slug)}`;

/** Saves a blob under a file name (the browser's download). */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The row's favourite toggle: the same list and toast as the result cards' Favourite. */
function FavouriteButton({ site, car, name }: { site: string; car: Car; name: string }) {
  const [on, flip] = useFavourite(site, car, name);
  return (
    <button
      type="button"
      className="share-button share-favourite"
      aria-pressed={on}
      aria-label={`Save ${name} to favourites`}
      title="Save to favourites (on this device)"
      onClick={flip}
    >
      <HeartIcon filled={on} />
      {on ? 'Saved' : 'Favourite'}
    </button>
  );
}

export default function VehicleShare({ props }: BlockComponentProps<VehicleShareProps>) {
  const site = useSite();
  const vehicle = useVehicle();
  const trackAction = useTrackAction();
  const [copied, setCopied] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  if (!vehicle) return <div className="vehicle-share">Share, print and PDF buttons show here on a vehicle page.</div>;
  const { car } = vehicle;
  const name = vehicleTitle(car);
  const favourite = favouriteCompareButtons(car, resolvedSettings(site.settings).vehicle.favourites).favourite;

  const later = (ms: number, run: () => void) => timers.current.push(setTimeout(run, ms));

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch (error) {
      console.error('Could not copy the link', error);
      return;
    }
    trackAction('share', { car_id: car.id, method: 'copy' });
    // docs/requirements/dealer-services.md#screens: toast for 3 s; the site's one toast system keeps one at a time
    showToast(copiedToast(name).message);
    setCopied(true);
    later(COPIED_NOTE_MS, () => setCopied(false));
  };

  const share = (network: ShareNetwork) => {
    const url = shareUrl(network, { url: window.location.href, title: name, hashtags: props.hashtags });
    trackAction('share', { car_id: car.id, method: network });
    if (network === 'email') return void (window.location.href = url);
    window.open(url, 'share', shareWindowFeatures(window.screen));
  };

  const downloadPdf = async () => {
    trackAction('pdf', { car_id: car.id });
    setPreparing(true);
    try {
      const response = await fetch(pdfUrl(car.slug));
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new Error(body?.message ?? `The PDF could not be prepared (error ${response.status}).`);
      }
      saveBlob(await response.blob(), `${car.slug}.pdf`);
    } catch (error) {
      window.alert(error instanceof Error ? error.message : String(error)); // docs/requirements/vehicle-browsing.md#errors: alert with the error message
    } finally {
      setPreparing(false);
    }
  };

  return (
    <section className="vehicle-share card" aria-label="Share this vehicle">
      <div className="share-row">
        <button type="button" className="share-button" onClick={copyLink}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.2 4.2l-2 2a1 1 0 0 1-1.4-1.4l2-2a1 1 0 0 0-1.4-1.4L12 13.4a1 1 0 0 1-1.4 0Zm2.8-2.8a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.2-4.2l2-2a1 1 0 0 1 1.4 1.4l-2 2a1 1 0 0 0 1.4 1.4L12 10.6a1 1 0 0 1 1.4 0Z"
            />
          </svg>
          Copy Link
        </button>
        {copied && (
          <span className="copied-note" role="status">
            Copied
          </span>
        )}
        {favourite && <FavouriteButton site={site.slug} car={car} name={name} />}
        <a className="share-button" href={printUrl(car.slug)} target="_blank" rel="noopener" onClick={() => trackAction('print', { car_id: car.id })}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M7 3h10v4H7V3Zm-2 6h14a2 2 0 0 1 2 2v6h-4v4H7v-4H3v-6a2 2 0 0 1 2-2Zm4 7v3h6v-3H9Z" />
          </svg>
          Print
        </a>
        <button type="button" className="share-button" onClick={downloadPdf} disabled={preparing} aria-busy={preparing}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 3a1 1 0 0 1 1 1v8.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4l2.3 2.3V4a1 1 0 0 1 1-1ZM5 18h14v2H5v-2Z"
            />
          </svg>
          {preparing ? 'Preparing...' : 'Download PDF'}
        </button>
      </div>
      <div className="share-networks">
        <span>Share:</span>
        {props.networks.map((network) => (
          <button key={network} type="button" className="network-button" onClick={() => share(network)} aria-label={`Share on ${NETWORK_LABELS[network]}`}>
            {NETWORK_LABELS[network]}
          </button>
        ))}
      </div>
    </section>
  );
}
