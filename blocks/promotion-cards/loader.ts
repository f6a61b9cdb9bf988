// Decides on the server, at request time, which cards are live, so the first paint is right and hydration agrees.
import type { ResolvedPromotionCardsProps as PromotionCardsProps } from '../../schemas/generated/block-props';
import type { BlockLoader } from '../../runtime/renderer/types';
import { isPromoWindowOpen } from '../../runtime/domain/promotions/promo-window';

export interface LivePromotionsData {
  live: boolean[];
}

const load: BlockLoader<PromotionCardsProps, LivePromotionsData> = ({ props, now }) => ({ live: props.cards.map((c) => isPromoWindowOpen(c, now.getTime())) });
export default load;
