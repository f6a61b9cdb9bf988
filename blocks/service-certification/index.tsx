import type { ResolvedServiceCertificationProps as ServiceCertificationProps } from '../../schemas/generated/block-props';
import { serviceLocationOptions, type ServiceSite } from '../../runtime/domain/service';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import '../service-timetable/styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { resolvedSettings } from '../../runtime/domain/settings';

export default function ServiceCertification({ props }: BlockComponentProps<ServiceCertificationProps>) {
  const site = useSite();
  const licences =
    props.showRepairerLicences === false
      ? []
      : serviceLocationOptions(site as unknown as ServiceSite, resolvedSettings(site.settings).locations.dropdown).filter(
          (l) => (l as { motor_vehicle_repairer?: string }).motor_vehicle_repairer,
        );
  return (
    <div className="container service-certification card">
      {props.badge && <ResponsiveImage src={props.badge} alt={props.badgeAlt} width={96} height={96} />}
      <div>
        <h2>{props.heading}</h2>
        {props.text && <p>{props.text}</p>}
        {licences.length > 0 && (
          <ul className="service-licences">
            {licences.map((l) => (
              <li key={l.id}>
                {l.name}: Motor Vehicle Repairer Licence {(l as { motor_vehicle_repairer?: string }).motor_vehicle_repairer}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
