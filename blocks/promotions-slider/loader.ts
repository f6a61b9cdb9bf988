// Decides on the server, at request time, which slides are live, so the first paint is right and hydration agrees.
import type { ResolvedPromotionsSliderProps as PromotionsSliderProps } from '../../schemas/generated/block-props';
import type { BlockLoader } from '../../runtime/renderer/types';
import { isPromoWindowOpen } from '../../runtime/domain/promotions/promo-window';
import { siteTimeZone } from '../../runtime/domain/time/site-time-zone';
import type { LivePromotionsData } from '../promotion-cards/loader';

const load: BlockLoader<PromotionsSliderProps, LivePromotionsData> = ({ props, now, tenant }) => ({
  live: props.slides.map((s) => isPromoWindowOpen(s, now.getTime(), siteTimeZone(tenant))),
});
export default load;
