import { lazy, Suspense } from 'react';
import type { ResolvedFinanceCalculatorProps as FinanceCalculatorProps } from '../../schemas/generated/block-props';
import { financeLink, showFinanceBlocks } from '../../runtime/domain/finance';
import { sitePageExists } from '../../runtime/renderer/page-exists';
import { useSite } from '../../runtime/renderer/site-context';
import { resolvedSettings } from '../../runtime/domain/settings';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import type { FinanceFigureData } from '../vehicle-sidebar/loader';
import { useFinanceFigure } from '../vehicle-sidebar/use-finance-figure';
import './styles.css';
// The calculator's dollar inputs use the form field styles: linked with the page, not later with the lazy chunk (a layout shift).
import '../../runtime/ui/forms/forms.css';

// The calculator's code is its own chunk, fetched only when the car qualifies for finance.
const Calculator = lazy(() => import('./calculator'));

export default function FinanceCalculator({ props, data }: BlockComponentProps<FinanceCalculatorProps, FinanceFigureData | undefined>) {
  const site = useSite();
  const vehicle = useVehicle();
  const { finance } = resolvedSettings(site.settings);
  const figure = useFinanceFigure(vehicle?.car, finance, data?.figure);
  if (!vehicle) return <div className="finance-calculator-preview">The finance calculator shows here on vehicles that qualify for finance.</div>;
  // docs/requirements/vehicle-browsing.md#validation: only when a finance provider is configured and the finance figure is above 0
  if (!showFinanceBlocks(finance, figure?.amount)) return null;
  const quoteHref = financeLink(vehicle.car, finance);
  return (
    <section id="finance-calculator" className="container finance-calculator" aria-labelledby="finance-calculator-heading">
      <h2 id="finance-calculator-heading">{props.heading}</h2>
      {props.intro && <p className="finance-intro">{props.intro}</p>}
      <Suspense
        fallback={
          <div className="calculator-loading" aria-busy="true">
            Loading the calculator…
          </div>
        }
      >
        <Calculator
          car={vehicle.car}
          start={figure?.loan}
          finance={finance}
          quoteButtonText={props.quoteButtonText}
          quoteHref={sitePageExists(site, quoteHref) ? quoteHref : null}
        />
      </Suspense>
    </section>
  );
}
