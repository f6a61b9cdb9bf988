// Vehicle specification lists (docs/requirements/vehicle-browsing.md#screens, #validation, #constants).
import type { ReactNode } from 'react';
import type { ResolvedVehicleSpecsProps as VehicleSpecsProps } from '../../schemas/generated/block-props';
import { ALL_SPECS_LIST, usedCarChecks } from '../../runtime/domain/vehicle';
import type { VehiclePageData } from '../../runtime/page-data/types';
import { usePageData, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { FeatureList } from './FeatureList';
import { allSpecificationRows, caravanRows, featuredRows, SPEC_LIST_HEADINGS, specificationRows, summaryRows, type SpecListKind } from './lists';
import type { VehicleSpecsData } from './loader';
import { SpecList } from './SpecList';
import './styles.css';
import { CheckIcon } from '../../runtime/ui/icons/icons';

export default function VehicleSpecs({ props, data, block }: BlockComponentProps<VehicleSpecsProps, VehicleSpecsData | undefined>) {
  const page = usePageData<VehiclePageData>();
  const site = useSite();
  if (!page?.car) return <p className="vehicle-block-empty">The vehicle's specifications show here on a vehicle page.</p>;
  const car = page.car;
  // The server's date (never the browser clock during render), so both sides agree.
  const today = data?.today ? new Date(data.today) : new Date(car.updated_at ?? 0);
  const unregistered = site.settings.vehicle?.unregisteredWhenRegoExpired ?? false;
  const lists = props.lists as SpecListKind[];

  const sections = lists.map((kind) => {
    const headingId = `${block.id}-${kind}`;
    const section = (body: ReactNode) => (
      <section key={kind} className={`spec-section spec-section-${kind}`} aria-labelledby={headingId}>
        <h2 id={headingId} className={kind === 'featured' ? 'visually-hidden' : undefined}>
          {SPEC_LIST_HEADINGS[kind]}
        </h2>
        {body}
      </section>
    );
    switch (kind) {
      case 'featured': {
        const rows = featuredRows(car);
        return rows.length ? section(<SpecList rows={rows} className="spec-featured" />) : null;
      }
      case 'specifications': {
        const rows = specificationRows(car, unregistered, today);
        return rows.length ? section(<SpecList rows={rows} />) : null;
      }
      case 'summary': {
        const rows = summaryRows(car);
        return rows.length ? section(<SpecList rows={rows} />) : null;
      }
      case 'all-specifications': {
        const rows = allSpecificationRows(car, unregistered, today);
        return rows.length ? section(<SpecList rows={rows} rule={ALL_SPECS_LIST} />) : null;
      }
      case 'all-features':
        return car.standardEquipment?.length ? section(<FeatureList features={car.standardEquipment} />) : null;
      case 'caravan-specifications': {
        const rows = caravanRows(car);
        return rows.length ? section(<SpecList rows={rows} />) : null;
      }
      case 'used-car-checks': {
        const rows = usedCarChecks(car, { unregisteredWhenRegoExpired: unregistered }, today);
        return rows.length
          ? section(
              <dl className="used-car-checks">
                {rows.map((r) => (
                  <div key={r.id} className="check-row" data-check={r.id}>
                    <dt>
                      <span className="check-mark" aria-hidden="true">
                        <CheckIcon />
                      </span>{' '}
                      {r.label}
                    </dt>
                    <dd>
                      {r.href ? (
                        <a href={r.href} target="_blank" rel="noopener noreferrer">
                          {r.value}
                        </a>
                      ) : (
                        r.value
                      )}
                    </dd>
                  </div>
                ))}
              </dl>,
            )
          : null;
      }
      default:
        return null;
    }
  });
  return <div className="vehicle-specs">{sections}</div>;
}
