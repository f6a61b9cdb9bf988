import type { ResolvedBlogCardsProps as BlogCardsProps } from '../../schemas/generated/block-props';
import { formatDate, truncate } from '../../runtime/domain/format';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

/** docs/requirements/dealer-services.md#constants: blog excerpts are cut at 80 characters. */
export const BLOG_EXCERPT_LENGTH = 80;

export default function BlogCards({ props }: BlockComponentProps<BlogCardsProps>) {
  return (
    <div className="container blog-cards">
      {props.heading && <h2>{props.heading}</h2>}
      <ul className="grid grid-3">
        {props.posts.map((post) => (
          <li key={post.href + post.heading} className="card blog-card">
            {post.image && <ResponsiveImage src={post.image} alt="" className="blog-image" width={640} height={360} sizes="(max-width: 640px) 100vw, 400px" />}
            {/* Dates are plain calendar dates: formatted in UTC so the server and browser agree. */}
            {post.date && <time dateTime={post.date}>{formatDate(`${post.date}T00:00:00Z`, 'UTC')}</time>}
            <h3>
              <SiteLink href={post.href}>{post.heading}</SiteLink>
            </h3>
            {post.description && <p>{truncate(post.description, BLOG_EXCERPT_LENGTH)}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
