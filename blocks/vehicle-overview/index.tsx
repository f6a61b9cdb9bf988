// Key information and the vehicle tabs (docs/requirements/vehicle-browsing.md#screens, #states, #errors, #constants).
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ResolvedVehicleOverviewProps as VehicleOverviewProps } from '../../schemas/generated/block-props';
import { formatMoney } from '../../runtime/domain/format';
import {
  certifiedBenefits,
  dealerComments,
  KEY_INFO_FIELDS,
  KEY_INFO_LIST,
  reserveButtonText,
  sidebarActions,
  specRowsFrom,
  vehicleTabs,
  type VehicleTabTitle,
} from '../../runtime/domain/vehicle';
import type { VehiclePageData } from '../../runtime/page-data/types';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { usePageData, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { FeatureList } from '../vehicle-specs/FeatureList';
import { SpecList } from '../vehicle-specs/SpecList';
import '../vehicle-specs/styles.css';
import './styles.css';
import { resolvedSettings } from '../../runtime/domain/settings';

type Car = VehiclePageData['car'];

function DealerComments({ comments }: { comments: string | null | undefined }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const view = dealerComments(comments, expanded);
  if (view.pending) return <p className="dealer-comments pending">{view.text}</p>;
  return (
    <div className="dealer-comments">
      <div id={id}>
        {view.text.split(/\n+/).map((para, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, split from it on each render: their place is their identity
          <p key={i}>{para}</p>
        ))}
      </div>
      {view.toggleLabel && (
        <button type="button" className="list-toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {view.toggleLabel}
        </button>
      )}
    </div>
  );
}

function ValueList({ items }: { items: { title: string; text?: string }[] }) {
  return (
    <ul className="value-list">
      {items.map((item) => (
        <li key={item.title}>
          <strong>{item.title}</strong>
          {item.text && <span>{item.text}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The site's value-adds; a certified car of the certified make lists its certified benefits first. */
function WhyBuy({ car, items }: { car: Car; items: { title: string; text?: string }[] }) {
  const certified = certifiedBenefits(car, resolvedSettings(useSite().settings).vehicle.tags);
  return (
    <>
      {certified && (
        <section className="certified-benefits" aria-label={certified.title}>
          <h3>{certified.title}</h3>
          <ul>
            {certified.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      )}
      <ValueList items={items} />
    </>
  );
}

function ReserveOnline({ car, text }: { car: Car; text: string }) {
  const { vehicle } = resolvedSettings(useSite().settings);
  const { reserve } = vehicle;
  const actions = sidebarActions(car, vehicle);
  return (
    <div className="reserve-online">
      <p>{text.replaceAll('{amount}', formatMoney(reserve.amount))}</p>
      {actions.reserve && (
        <SiteLink href={actions.reserve.href} className="button button-primary">
          {reserveButtonText(reserve)}
        </SiteLink>
      )}
    </div>
  );
}

function TabContent({ tab, car, props }: { tab: VehicleTabTitle; car: Car; props: VehicleOverviewProps }) {
  switch (tab) {
    case 'Dealer Comments':
      return <DealerComments comments={car.dealercomments} />;
    case "What's Included":
      return (
        <>
          {props.whatsIncluded.intro && <p>{props.whatsIncluded.intro}</p>}
          <FeatureList features={props.whatsIncluded.items} />
        </>
      );
    case 'Why Buy From Us?':
      return <WhyBuy car={car} items={props.whyBuyFromUs} />;
    case 'Reserve Online':
      return <ReserveOnline car={car} text={props.reserveOnline} />;
    case 'Protect Your Car':
      return <ValueList items={props.protectYourCar} />;
    case 'Features':
      return <FeatureList features={car.standardEquipment} />;
  }
}

function Tabs({ tabs, render }: { tabs: VehicleTabTitle[]; render: (tab: VehicleTabTitle) => ReactNode }) {
  const [active, setActive] = useState(0);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (i: number) => {
    setActive(i);
    refs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: active === last ? 0 : active + 1, ArrowLeft: active === 0 ? last : active - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(next);
  };
  return (
    <div className="vehicle-tabs">
      <div className="vehicle-tablist" role="tablist" aria-label="About this vehicle" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-controls={`${base}-panel-${i}`}
            aria-selected={i === active}
            tabIndex={i === active ? 0 : -1}
            ref={(el) => {
              refs.current[i] = el;
            }}
            onClick={() => setActive(i)}
          >
            {tab}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        // Every panel is in the server HTML (search engines read the comments); only the active one shows.
        <div
          key={tab}
          className="vehicle-tabpanel"
          role="tabpanel"
          id={`${base}-panel-${i}`}
          aria-labelledby={`${base}-tab-${i}`}
          hidden={i !== active}
          tabIndex={0}
        >
          {render(tab)}
        </div>
      ))}
    </div>
  );
}

function KeyInformation({ car, heading }: { car: Car; heading: string }) {
  const rows = specRowsFrom(car as unknown as Record<string, unknown>, KEY_INFO_FIELDS);
  if (!rows.length) return null;
  return (
    <section className="key-info" aria-label={heading}>
      <h2>{heading}</h2>
      <SpecList rows={rows} rule={KEY_INFO_LIST} className="key-info-list" />
    </section>
  );
}

export default function VehicleOverview({ props }: BlockComponentProps<VehicleOverviewProps>) {
  const page = usePageData<VehiclePageData>();
  const site = useSite();
  if (!page?.car) return <p className="vehicle-block-empty">Key information and the vehicle tabs show here on a vehicle page.</p>;
  const car = page.car;
  // One rule for whether the car can be reserved: the sidebar's Reserve button shows exactly when this tab does.
  const reservable = sidebarActions(car, resolvedSettings(site.settings).vehicle).reserve !== null;
  const tabs = vehicleTabs({ features: car.standardEquipment, reservable }, site.settings.vehicle?.tabs as VehicleTabTitle[] | undefined);
  return (
    <div className="vehicle-overview">
      <KeyInformation car={car} heading={props.keyInfoHeading || 'Key Information'} />
      {tabs.length > 0 && <Tabs tabs={tabs} render={(tab) => <TabContent tab={tab} car={car} props={props} />} />}
    </div>
  );
}
