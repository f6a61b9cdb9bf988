import { useEffect, useState } from 'react';
import type { ResolvedVehicleStickyBarProps as VehicleStickyBarProps } from '../../schemas/generated/block-props';
import { financeLink } from '../../runtime/domain/finance';
import { carPhone, isAvailable, vehicleTitle } from '../../runtime/domain/vehicle';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import { resolvedSettings } from '../../runtime/domain/settings';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import { phoneClickLabel } from '../../runtime/domain/analytics/events';
import { useTrackAction } from '../../runtime/ui/tracking';
import './styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { VehiclePrice } from '../../runtime/ui/vehicle/VehiclePrice';
import type { Car } from '../../schemas/generated/car';

/** Scroll position past each threshold, read after hydration and on scroll. */
function useScrolledPast(thresholds: number[]) {
  const [past, setPast] = useState(() => thresholds.map(() => false));
  const key = thresholds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroll listener is set up again only when the key changes
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      setPast((prev) => {
        const next = thresholds.map((t) => y > t);
        return next.every((v, i) => v === prev[i]) ? prev : next;
      });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);
  return past;
}

/** The price both bars show, or SOLD. */
function StickyPrice({ car, className }: { car: Car; className: string }) {
  return isAvailable(car) ? <VehiclePrice car={car} className={className} /> : <span className={className}>SOLD</span>;
}

export default function VehicleStickyBar({ props }: BlockComponentProps<VehicleStickyBarProps>) {
  const site = useSite();
  const vehicle = useVehicle();
  const [headerShown, bottomOpen] = useScrolledPast([props.headerAfterPx, props.bottomBarOpenAfterPx]);
  const trackAction = useTrackAction();
  if (!vehicle) return <div className="sticky-preview">Sticky vehicle header and bottom bar (vehicle pages only).</div>;
  const { car } = vehicle;
  const phone = carPhone(vehicle, site.settings.vehicle?.phones);
  const available = isAvailable(car);
  const enquire = props.enquirePath ? `${props.enquirePath}?car_id=${car.id}` : '#enquire';
  // docs/requirements/vehicle-browsing.md#calls: phone click 25 from the sticky Call too, labelled New Car or Used Car from the path
  const trackCall = () => trackAction('phoneClick', { label: phoneClickLabel(window.location.pathname), car_id: car.id });
  return (
    <>
      <div className={`vehicle-sticky-header${headerShown ? ' is-visible' : ''}`} aria-hidden={!headerShown} data-testid="vehicle-sticky-header">
        <div className="container sticky-inner">
          {car.primary_image_url && <ResponsiveImage carId={car.id} src={car.primary_image_url} alt="" width={64} height={48} sizes="64px" />}
          <div className="sticky-title">
            <strong>{vehicleTitle(car)}</strong>
            <StickyPrice car={car} className="sticky-price" />
          </div>
          <div className="sticky-actions">
            {phone && (
              <a className="button button-outline" href={`tel:${phone.replace(/[^0-9+]/g, '')}`} tabIndex={headerShown ? 0 : -1} onClick={trackCall}>
                Call
              </a>
            )}
            {available && (
              <SiteLink className="button button-primary" href={enquire}>
                Enquire Now
              </SiteLink>
            )}
          </div>
        </div>
      </div>
      <nav className={`vehicle-bottom-bar${bottomOpen ? ' is-open' : ''}`} aria-label="Vehicle actions" data-actions={(phone ? 1 : 0) + (available ? 2 : 0)}>
        <StickyPrice car={car} className="bottom-bar-price" />
        {phone && (
          <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`} onClick={trackCall}>
            Call
          </a>
        )}
        {available && <SiteLink href={enquire}>Enquire</SiteLink>}
        {available && <SiteLink href={financeLink(car, resolvedSettings(site.settings).finance)}>Finance</SiteLink>}
      </nav>
    </>
  );
}
