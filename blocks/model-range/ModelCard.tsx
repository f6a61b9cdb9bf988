// One model (docs/requirements/dealer-services.md#screens): image, name, optional From price, short description cut at 200 characters, an Explore
// button; a NEW or COMING SOON badge by status (docs/requirements/dealer-services.md#states). The model directory shows the same card.
import { modelCardDescription, modelFromPriceText, modelStatusBadge, siteModelPagePath, type Model } from '../../runtime/domain/models';
import { SiteContext } from '../../runtime/renderer/site-context';
import { useContext, type ReactNode } from 'react';
import { Link } from '../../runtime/renderer/Link';
import './model-card.css';
import { ResponsiveImage, type ImageLoading } from '../../runtime/ui/image/ResponsiveImage';

export interface ModelCardOptions {
  exploreLabel?: string;
  exploreTarget?: 'search' | 'model-page';
  showPrice?: boolean;
  /** How the picture loads: the first cards of a page come at once. */
  imageLoading?: ImageLoading;
  /** Where Explore goes, when the caller already knows (else exploreTarget decides). */
  href?: string;
}

/** The model page where the site has model pages (or the model's override_url), else the model's stock. */
function exploreHref(model: Model, target: ModelCardOptions['exploreTarget'], site?: Parameters<typeof siteModelPagePath>[0] | null): string {
  if (target !== 'model-page') return model.search_path;
  return (site ? siteModelPagePath(site, model) : model.override_url) ?? model.search_path;
}

/** Site paths navigate client-side; an override_url elsewhere opens as a plain link. The name says which model. */
function ExploreLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  const className = 'button button-primary model-card-explore';
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} aria-label={label} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function ModelCard({
  model,
  exploreLabel = 'Explore',
  exploreTarget = 'search',
  showPrice = true,
  imageLoading = 'lazy',
  href,
}: { model: Model } & ModelCardOptions) {
  const site = useContext(SiteContext);
  const badge = modelStatusBadge(model.status);
  const price = showPrice ? modelFromPriceText(model.from_price) : null;
  const fullName = `${model.manufacturer_name} ${model.name}`;
  return (
    <article className="model-card" data-model={model.slug}>
      <div className="model-card-media">
        <ResponsiveImage src={model.image.url} alt={fullName} width={640} height={480} loading={imageLoading} sizes="(max-width: 640px) 100vw, 400px" />
        {badge && <span className={`model-badge ${badge === 'NEW' ? 'model-badge-new' : 'model-badge-soon'}`}>{badge}</span>}
      </div>
      <div className="model-card-body">
        <p className="model-card-make">{model.manufacturer_name}</p>
        <h3 className="model-card-name">{model.name}</h3>
        {price && <p className="model-card-price">{price}</p>}
        <p className="model-card-description">{modelCardDescription(model.short_description)}</p>
        <ExploreLink href={href ?? exploreHref(model, exploreTarget, site)} label={`${exploreLabel} ${fullName}`}>
          {exploreLabel}
        </ExploreLink>
      </div>
    </article>
  );
}

export function ModelCardSkeleton() {
  return (
    <div className="model-card model-card-skeleton" aria-hidden="true">
      <div className="model-card-media" />
      <div className="model-card-body">
        <span className="skeleton-line short" />
        <span className="skeleton-line" />
        <span className="skeleton-line" />
        <span className="skeleton-line" />
      </div>
    </div>
  );
}
