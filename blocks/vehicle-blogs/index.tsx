// Blogs on the vehicle page (docs/requirements/vehicle-browsing.md#screens): the blog cards block with the site's posts for this car (settings.vehicle.blogs).
import type { BlogCardsProps } from '../../schemas/generated/tenant';
import type { ResolvedVehicleBlogsProps as VehicleBlogsProps } from '../../schemas/generated/block-props';
import { vehicleBlogPosts } from '../../runtime/domain/vehicle/page-extras';
import { sitePageExists } from '../../runtime/renderer/page-exists';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import BlogCards from '../blog-cards';

export default function VehicleBlogs({ block }: BlockComponentProps<VehicleBlogsProps>) {
  const site = useSite();
  const vehicle = useVehicle();
  const settings = site.settings.vehicle?.blogs;
  if (!vehicle) return <p className="vehicle-block-empty">Blog cards for this car's make show here on a vehicle page (settings.vehicle.blogs).</p>;
  const posts = vehicleBlogPosts(settings?.posts ?? [], vehicle.car, settings?.max ?? 3, (href) => sitePageExists(site, href));
  if (!posts.length) return null;
  return (
    <section className="vehicle-blogs" aria-label={settings?.heading ?? 'From the blog'}>
      <BlogCards
        block={{ ...block, type: 'blog-cards' }}
        props={{ heading: settings?.heading ?? 'From the blog', posts: posts.map(({ make: _m, ...post }) => post) as BlogCardsProps['posts'] }}
        slots={{}}
        data={undefined}
      />
    </section>
  );
}
