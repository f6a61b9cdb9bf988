// A brand overview page's brand (docs/requirements/vehicle-browsing.md#screens /{brand}/overview): name and logo, stock count, a link to its stock, and
// its models from the catalogue. The page data (runtime/page-data/brand.ts) has already 404'd any other word.
import type { ResolvedBrandOverviewProps as BrandOverviewProps } from '../../schemas/generated/block-props';
import { formatNumber } from '../../runtime/domain/format';
import type { BrandPageData } from '../../runtime/page-data/types';
import { usePageData } from '../../runtime/renderer/site-context';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { ModelCard } from '../model-range/ModelCard';
import './styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

const withBrand = (text: string, brand: string) => text.replaceAll('{brand}', brand);

/** '1 vehicle in stock', '24 vehicles in stock', 'No vehicles in stock right now'. */
export function stockCountText(count: number): string {
  if (count <= 0) return 'No vehicles in stock right now';
  return `${formatNumber(count)} ${count === 1 ? 'vehicle' : 'vehicles'} in stock`;
}

export default function BrandOverview({ props, block }: BlockComponentProps<BrandOverviewProps>) {
  const data = usePageData<BrandPageData>();
  if (!data?.brand) return null;
  const { brand, models, stockCount, searchHref } = data;
  const id = (name: string) => `${block.id}-${name}`;
  return (
    <section className="brand-overview" aria-labelledby={id('name')} data-brand={brand.slug}>
      <div className="container">
        <header className="brand-overview-head">
          <ResponsiveImage className="brand-overview-logo" src={brand.logo.url} alt={`${brand.name} logo`} width={240} height={80} loading="eager" />
          <div>
            <h1 id={id('name')}>{brand.name}</h1>
            {props.intro && <p className="brand-overview-intro">{withBrand(props.intro, brand.name)}</p>}
            <p className="brand-overview-stock" data-count={stockCount}>
              {stockCountText(stockCount)}
            </p>
            <SiteLink href={searchHref} className="button button-primary brand-overview-search">
              {withBrand(props.searchLabel, brand.name)}
            </SiteLink>
          </div>
        </header>
        {models.length > 0 && (
          <>
            <h2 id={id('models')}>{withBrand(props.modelsHeading, brand.name)}</h2>
            <ol className="brand-overview-models" aria-labelledby={id('models')}>
              {models.map((model, i) => (
                <li key={model.id}>
                  <ModelCard
                    model={model}
                    href={model.page_path}
                    exploreLabel={props.exploreLabel}
                    showPrice={props.showPrice}
                    imageLoading={i < 3 ? 'eager' : 'lazy'}
                  />
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}
