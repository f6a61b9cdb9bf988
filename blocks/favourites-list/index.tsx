// The favourites page: what the favourite buttons stored in this site's browser storage (docs/requirements/vehicle-browsing.md#data).
import { useEffect, useState } from 'react';
import { Link } from '../../runtime/renderer/Link';
import type { ResolvedFavouritesListProps as FavouritesListProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useSite } from '../../runtime/renderer/site-context';
import { favourites, toggleFavourite, type FavouriteRecord } from '../../runtime/ui/site-storage';
import { savedCarsStorage } from '../../runtime/ui/favourites';
import '../../runtime/ui/accounts/accounts.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { LoadingText } from '../../runtime/ui/LoadingText';

export default function FavouritesList({ props }: BlockComponentProps<FavouritesListProps>) {
  const site = useSite();
  const [list, setList] = useState<FavouriteRecord[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the storage follows the site
  useEffect(() => setList(favourites(savedCarsStorage(site), site.slug)), [site.slug]);
  const remove = (f: FavouriteRecord) => {
    toggleFavourite(savedCarsStorage(site), site.slug, f);
    setList(favourites(savedCarsStorage(site), site.slug));
  };
  return (
    <section className="page-section favourites-page container" aria-labelledby="favourites-heading">
      <h1 id="favourites-heading">{props.heading}</h1>
      {list === null && <LoadingText />}
      {list?.length === 0 && <p className="card empty-state">{props.emptyText}</p>}
      {list && list.length > 0 && (
        <ul className="saved-cars-grid favourites-list">
          {list.map((f) => (
            <li key={f.id} className="card favourite-item" data-car-id={f.id}>
              {f.primary_image_url && <ResponsiveImage carId={f.id} src={f.primary_image_url} alt="" width={320} height={213} />}
              <h2 className="car-card-title">
                <Link to={`/cars/${f.slug}`}>{f.name}</Link>
              </h2>
              <p>
                {f.make} {f.model}
              </p>
              <button type="button" className="button button-secondary" onClick={() => remove(f)} aria-label={`Remove ${f.name} from favourites`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
