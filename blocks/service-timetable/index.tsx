import type { ResolvedServiceTimetableProps as ServiceTimetableProps } from '../../schemas/generated/block-props';
import { resolvedSettings } from '../../runtime/domain/settings';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import './styles.css';

export default function ServiceTimetable({ props, block }: BlockComponentProps<ServiceTimetableProps>) {
  const { dropOffPickUp } = resolvedSettings(useSite().settings).service;
  if (!dropOffPickUp.enabled) return null;
  return (
    <section className="container service-timetable" aria-labelledby={`${block.id}-heading`}>
      <h2 id={`${block.id}-heading`}>{props.heading}</h2>
      {props.text && <p>{props.text}</p>}
      <table>
        <tbody>
          <tr>
            <th scope="row">Drop-off</th>
            <td>{dropOffPickUp.dropOff.join(' and ')}</td>
          </tr>
          <tr>
            <th scope="row">Pick-up</th>
            <td>{dropOffPickUp.pickUp.join(' and ')}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
