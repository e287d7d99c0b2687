/**
 * 加入购物车 beside 立即购买, in the buy row that is the phone's sticky bar (src/features/buying/purchase-panel.tsx):
 * the goods and quantity chosen, within the goods' limit; a toast says so and the page stays. Its own chunk, loaded
 * with the game's buy row.
 */
import type { Goods } from '../../api/goods';
import { useOptionalAppActor } from '../../shared/app-actor';
import { addGoodsToCart } from './add-to-cart';

export interface AddToCartButtonProps {
  /** the goods chosen (none yet: the button waits) */
  goods: Goods | undefined;
  buyNum: number;
}

export default function AddToCartButton({ goods, buyNum }: AddToCartButtonProps) {
  const root = useOptionalAppActor();
  // Before the store's flows run (a prerendered page hydrating), the place is kept.
  if (!root) return <span className="cart-add-slot" aria-hidden="true" />;
  return (
    <button
      type="button"
      className="button cart-add-button"
      disabled={!goods || goods.stock <= 0}
      onClick={() => {
        if (goods) void addGoodsToCart(root, goods, buyNum);
      }}
    >
      <span className="icon icon-cart" aria-hidden="true" /> <span className="cart-add-label">加入购物车</span>
    </button>
  );
}
