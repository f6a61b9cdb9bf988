// Decides on the server, at request time, which cards are live, so the first paint is right and hydration agrees.
import type { PromotionCardsProps } from '../../schemas/generated/tenant';
import type { BlockLoader } from '../../runtime/renderer/types';
import { isPromoWindowOpen } from '../../runtime/domain/promotions/promo-window';

export interface LivePromotionsData {
  live: boolean[];
}

const load: BlockLoader<PromotionCardsProps, LivePromotionsData> = ({ props, now }) => ({ live: props.cards.map((c) => isPromoWindowOpen(c, now.getTime())) });
export default load;
