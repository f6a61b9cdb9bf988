// The finance calculator on a page of its own (docs/requirements/dealer-services.md#screens): the vehicle page's calculator without a car, with the
// purchase price's quick picks. Hidden only where the site hides all finance (docs/requirements/dealer-services.md#validation: a listed group of sites).
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { ResolvedFinanceCalculatorPageProps as FinanceCalculatorPageProps } from '../../schemas/generated/block-props';
import { hasBlockType, type BlockNode } from '../../runtime/document/blocks';
import { resolvedSettings } from '../../runtime/domain/settings';
import { sitePageExists } from '../../runtime/renderer/page-exists';
import { usePageRoute, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useLenderDisclaimers } from './use-lender-disclaimers';
import '../finance-calculator/styles.css';
// The calculator's dollar inputs use the form field styles: linked with the page, not later with the lazy chunk (a layout shift).
import '../../runtime/ui/forms/forms.css';

const Calculator = lazy(() => import('../finance-calculator/calculator'));

export default function FinanceCalculatorPage({ props, block }: BlockComponentProps<FinanceCalculatorPageProps>) {
  const site = useSite();
  const route = usePageRoute();
  const { finance } = resolvedSettings(site.settings);
  const [params] = useSearchParams();
  const disclaimers = useLenderDisclaimers(params.get('car_id'));
  const { hidden, financePath } = finance;
  if (hidden) return null;
  // the page's own finance form, else the finance page when the site has it (never a link to a missing page)
  const formOnPage = hasBlockType((site.pages[route]?.blocks ?? []) as unknown as BlockNode[], 'finance-enquiry-form');
  const financePage = `${financePath.split('#')[0]}#finance-form`;
  const quoteHref = formOnPage
    ? '#finance-form'
    : financePath.startsWith('/') && route !== financePath && sitePageExists(site, financePage)
      ? financePage
      : null;
  const headingId = `${block.id}-heading`;
  return (
    <section id="finance-calculator" className="container finance-calculator finance-calculator-page" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading}</h2>
      {props.intro && <p className="finance-intro">{props.intro}</p>}
      <Suspense
        fallback={
          <div className="calculator-loading" aria-busy="true">
            Loading the calculator…
          </div>
        }
      >
        <Calculator finance={finance} quoteButtonText={props.quoteButtonText} quoteHref={quoteHref} quickPicks disclaimers={disclaimers} />
      </Suspense>
    </section>
  );
}
