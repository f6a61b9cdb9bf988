// Finance call-to-action of the vehicle page (docs/requirements/vehicle-browsing.md#screens): figure, text and Get Pre-Approved, under the same rule as the
// finance calculator (docs/requirements/vehicle-browsing.md#validation: a finance provider and a figure above 0), for available cars, to a page that exists.
import type { ResolvedFinanceCtaProps as FinanceCtaProps } from '../../schemas/generated/block-props';
import { financeLink, showFinanceBlocks } from '../../runtime/domain/finance';
import { isAvailable } from '../../runtime/domain/vehicle';
import { pageExists } from '../../runtime/renderer/page-exists';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import { resolvedSettings } from '../../runtime/domain/settings';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import type { FinanceFigureData } from '../vehicle-sidebar/loader';
import { useFinanceFigure } from '../vehicle-sidebar/use-finance-figure';
import './styles.css';

export default function FinanceCta({ props, data }: BlockComponentProps<FinanceCtaProps, FinanceFigureData | undefined>) {
  const site = useSite();
  const vehicle = useVehicle();
  const { finance } = resolvedSettings(site.settings);
  const figure = useFinanceFigure(vehicle?.car, finance, data?.figure);
  if (!vehicle) return <div className="finance-cta-preview">The finance call-to-action shows here on vehicles that qualify for finance.</div>;
  if (!figure || !isAvailable(vehicle.car) || !showFinanceBlocks(finance, figure.amount)) return null;
  const href = financeLink(vehicle.car, finance);
  if (!pageExists(site.pages, href)) return null;
  return (
    <section className="container finance-cta" aria-labelledby="finance-cta-heading">
      <div className="finance-cta-body">
        <h2 id="finance-cta-heading">{props.heading}</h2>
        <p className="finance-cta-figure">
          <a href="#finance-calculator">{figure.text}</a>
        </p>
        {props.text && <p>{props.text}</p>}
        <p className="finance-cta-note">
          Estimated repayment. <a href="#financeDisclaimer">See disclaimer</a>
        </p>
      </div>
      <SiteLink className="button button-primary finance-cta-button" href={href}>
        {props.buttonText}
      </SiteLink>
    </section>
  );
}
