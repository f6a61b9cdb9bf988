// Decides on the server, at request time, which cards are live, so the first paint is right and hydration agrees.
import type { ResolvedPromotionCardsProps as PromotionCardsProps } from '../../schemas/generated/block-props';
import type { BlockLoader } from '../../runtime/renderer/types';
import { isPromoWindowOpen } from '../../runtime/domain/promotions/promo-window';
import { siteTimeZone } from '../../runtime/domain/time/site-time-zone';

export interface LivePromotionsData {
  live: boolean[];
}

const load: BlockLoader<PromotionCardsProps, LivePromotionsData> = ({ props, now, tenant }) => ({
  live: props.cards.map((c) => isPromoWindowOpen(c, now.getTime(), siteTimeZone(tenant))),
});
export default load;
