// A model page's model (docs/requirements/dealer-services.md#screens /{model slug}): image, name, From price, description and the NEW or COMING SOON
// badge (docs/requirements/dealer-services.md#states), then its cars in the site's stock as result cards. The page data (runtime/page-data/model.ts)
// has already 404'd any word that is not one of the site's models.
import type { ResolvedModelOverviewProps as ModelOverviewProps } from '../../schemas/generated/block-props';
import { modelFromPriceText, modelFullName, modelStatusBadge } from '../../runtime/domain/models';
import type { ModelPageData } from '../../runtime/page-data/types';
import { usePageData, usePageRoute, useSite } from '../../runtime/renderer/site-context';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { walkBlocks, type BlockNode } from '../../runtime/document/blocks';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { CarCard } from '../../runtime/ui/car-card/CarCard';
import '../model-range/model-card.css';
import './styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { resolvedSettings } from '../../runtime/domain/settings';

export default function ModelOverview({ props, block }: BlockComponentProps<ModelOverviewProps>) {
  const site = useSite();
  const data = usePageData<ModelPageData>();
  const route = usePageRoute();
  if (!data?.model) return null;
  const { model, cars, stockCount, searchHref, brandHref, nowMs } = data;
  const fullName = modelFullName(model);
  const badge = modelStatusBadge(model.status);
  const price = modelFromPriceText(model.from_price);
  const id = (name: string) => `${block.id}-${name}`;
  // The jump link only where the page has the form to jump to.
  const page = site.pages?.[route];
  const hasEnquiryForm = [...walkBlocks((page?.blocks ?? []) as unknown as BlockNode[])].some(
    ({ block: b }) => b.type === 'enquiry-form' && (b.props as { display?: string } | undefined)?.display !== 'buttons',
  );
  return (
    <section className="model-overview" aria-labelledby={id('name')} data-model={model.slug}>
      <div className="container">
        <div className="model-overview-head">
          <div className="model-overview-media">
            <ResponsiveImage src={model.image.url} alt={fullName} width={960} height={720} loading="priority" />
            {badge && <span className={`model-badge ${badge === 'NEW' ? 'model-badge-new' : 'model-badge-soon'}`}>{badge}</span>}
          </div>
          <div className="model-overview-text">
            <p className="model-overview-make">{brandHref ? <SiteLink href={brandHref}>{model.manufacturer_name}</SiteLink> : model.manufacturer_name}</p>
            <h1 id={id('name')}>{fullName}</h1>
            {price && <p className="model-overview-price">{price}</p>}
            <p className="model-overview-description">{model.short_description}</p>
            {hasEnquiryForm && (
              <a className="button button-primary" href="#enquiry-form">
                {props.enquireLabel}
              </a>
            )}
          </div>
        </div>
        {props.showStock !== false && (
          <div className="model-overview-stock">
            <h2 id={id('stock')}>{props.stockHeading.replaceAll('{model}', fullName)}</h2>
            {cars.length === 0 ? (
              <p className="model-overview-empty">{props.noStockText}</p>
            ) : (
              <>
                <ol className="model-overview-cars" aria-labelledby={id('stock')}>
                  {cars.map((car, i) => (
                    <li key={car.id}>
                      <CarCard car={car} settings={resolvedSettings(site.settings)} nowMs={nowMs} site={site.slug} imageLoading={i < 3 ? 'eager' : 'lazy'} />
                    </li>
                  ))}
                </ol>
                <SiteLink href={searchHref} className="button button-secondary model-overview-all">
                  {props.searchLabel.replaceAll('{count}', String(stockCount))}
                </SiteLink>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
