// Decides on the server, at request time, whether the banner shows, so the first paint is right and hydration agrees.
import type { ResolvedPromoBannerProps as PromoBannerProps } from '../../schemas/generated/block-props';
import type { BlockLoader } from '../../runtime/renderer/types';
import { isPromoWindowOpen } from './promo-window';
import { siteTimeZone } from '../../runtime/domain/time/site-time-zone';

export interface PromoBannerData {
  live: boolean;
}

const load: BlockLoader<PromoBannerProps, PromoBannerData> = ({ props, now, tenant }) => ({
  live: isPromoWindowOpen(props, now.getTime(), siteTimeZone(tenant)),
});
export default load;
