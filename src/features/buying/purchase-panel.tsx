/**
 * Buying's part of the game detail (src/features/catalog/game-detail-page.tsx): choosing goods and quantity
 * and starting the purchase. In buying because its rules are buying's (quantities, coupons, the order total,
 * the purchase flow); the catalogue renders it with the choice its URL makes.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { isGameItself } from '../../api/from-price';
import { Link } from '@tanstack/react-router';
import { gameConfigQueryOptions, type GameDetail } from '../../api/game-detail';
import { matchCouponQueryOptions, type Goods, type GoodsType } from '../../api/goods';
import { useCurrentUser, useModals, useOptionalAppActor } from '../../shared/app-actor';
import { formatYuan } from '../../shared/money';
import { DiscountBadge, Price } from '../../shared/ui/price';
import { EmptyState, ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { CompetitorPrices } from './competitor-prices';
import { GOODS_LOAD_FAILED } from './load-failed';
import { bestCoupon, goodsOrderTotal } from './pricing';
import { capQuantity, quantityCap, type QuantityCap } from './quantity';
import { QuantityStepper } from './quantity-stepper';
import { startPurchase } from './start-purchase';
import { WishlistToggle } from '../wishlist';
import { AddToCartButton } from '../cart';
import { Radio } from '../../shared/ui/form-controls';

const GOODS_TYPE_LABEL: Record<GoodsType, string> = { key: '激活码', topup: '充值', accelerator: '加速器', dlc: 'DLC' };

/** The heading and the note of the add-ons, listed apart from the game's own goods. */
const EXTRAS_LEGEND = 'DLC 与附加内容';
const EXTRAS_NOTE = '以下为附加内容，不含游戏本体';

/**
 * @internal The game's goods in two groups: the game itself (its editions, or a mobile game's top-ups: the one rule
 * `isGameItself`) and the add-ons (DLC, accelerator memberships), each in the server's order. A game that sells
 * only add-ons lists them as its goods (there is nothing to tell them apart from).
 */
export function goodsGroups<T extends Pick<Goods, 'type'>>(
  list: readonly T[],
): { legend: string; extras: boolean; goods: T[] }[] {
  const own = list.filter(isGameItself);
  const extras = list.filter((g) => !isGameItself(g));
  if (own.length === 0 || extras.length === 0)
    return list.length > 0 ? [{ legend: '商品', extras: false, goods: [...list] }] : [];
  return [
    { legend: '游戏版本', extras: false, goods: own },
    { legend: EXTRAS_LEGEND, extras: true, goods: extras },
  ];
}

/** A link names a goods the game no longer has (delisted, or a wrong link): nothing is chosen for the shopper. */
const GOODS_NOT_FOUND = '链接中的商品已下架或不存在，请选择其他商品';

/** The goods and quantity the game detail's URL chooses, and how to choose others (`useGoodsChoice`, catalogue). */
export interface GoodsChoice {
  goodsQuery: Pick<UseQueryResult, 'isPending' | 'isError' | 'isSuccess' | 'error' | 'refetch'>;
  /** the game's goods, in stock or not */
  list: Goods[];
  inStock: Goods[];
  /** the goods the URL names, if the game has it */
  named: Goods | undefined;
  namedSoldOut: boolean;
  /** the URL names a goods the game does not have */
  namedMissing: boolean;
  selected: Goods | undefined;
  cap: QuantityCap | undefined;
  num: number;
  /** the quantity the URL asked for, before the cap */
  requested: number | undefined;
  choose: (goodsId: number, buyNum: number) => void;
}

/**
 * The signed-in shopper's coupons for `buyNum` × `goods` (the pay dialog's own query: one owner) and what the
 * best one takes off. While a new quantity loads the last answer stays, but never another account's.
 */
function useCouponOffer(goods: Goods | undefined, buyNum: number) {
  const userId = useCurrentUser()?.userId ?? null;
  const { data } = useQuery({
    ...matchCouponQueryOptions(userId ?? 0, goods?.goodsId ?? 0, buyNum),
    enabled: userId !== null && goods !== undefined,
    placeholderData: (previous, previousQuery) =>
      userId !== null && previousQuery?.queryKey[1] === userId ? previous : undefined,
  });
  if (userId === null || !goods) return { userId, offer: undefined };
  if (!data || data.coupons.length === 0) return { userId, offer: undefined };
  const best = bestCoupon(data.coupons, data.bestCouponId);
  return { userId, offer: { count: data.coupons.length, best, ...goodsOrderTotal(goods.price, buyNum, best) } };
}
type CouponOffer = ReturnType<typeof useCouponOffer>;

/**
 * The game detail's purchase panel: the goods to choose, the quantity, 合计, the coupon hint, 到手价 and 立即购买
 * (a bar fixed to the bottom on phones), the price comparison and the delivery note. Which goods and quantity
 * are chosen is the page's (the URL's, `useGoodsChoice` in the catalogue): the panel shows it and changes it.
 */
export function PurchasePanel({
  game,
  choice,
  barNote,
}: {
  game: GameDetail;
  choice: GoodsChoice;
  barNote?: ReactNode;
}) {
  const actor = useOptionalAppActor();
  const { goodsQuery, list, inStock, named, namedSoldOut, namedMissing, selected, cap, num, requested, choose } =
    choice;
  const coupon = useCouponOffer(selected, num);
  // On a prerendered page the choices, the quantity and 立即购买 are live from the first paint: a tap made before
  // the app holds the page is kept (src/app/boot.js) and acted on here once it does.

  return (
    <section aria-labelledby="buy-title" className="purchase-panel">
      <h2 id="buy-title">选择商品</h2>
      {goodsQuery.isPending ? <LinesSkeleton label="商品" lines={4} /> : null}
      {goodsQuery.isError ? (
        <ErrorState error={goodsQuery.error} title={GOODS_LOAD_FAILED} onRetry={() => void goodsQuery.refetch()} />
      ) : null}
      {goodsQuery.isSuccess && list.length === 0 ? <EmptyState title="该游戏暂无在售商品" /> : null}
      <ActivityNote goods={list} />
      {goodsGroups(list).map((group) => (
        <fieldset key={group.legend} className={`goods-options${group.extras ? ' goods-extras' : ''}`}>
          {/* The game's own goods need no heading; add-ons are listed apart, under one, so nobody buys an art book for the game. */}
          <legend className={group.extras ? 'goods-options-legend' : 'visually-hidden'}>{group.legend}</legend>
          {group.extras ? <p className="goods-extras-note">{EXTRAS_NOTE}</p> : null}
          {group.goods.map((goods) => (
            <GoodsOption
              key={goods.goodsId}
              goods={goods}
              checked={goods.goodsId === selected?.goodsId}
              onChoose={() => choose(goods.goodsId, capQuantity(selected ? num : (requested ?? 1), quantityCap(goods)))}
            />
          ))}
        </fieldset>
      ))}
      {selected ? (
        <>
          <QuantityStepper
            key={selected.goodsId}
            value={num}
            cap={cap ?? quantityCap(selected)}
            requested={requested}
            onChange={(n) => choose(selected.goodsId, n)}
          />
          <p className="goods-limit">
            每单限购 {selected.limitPerOrder} 件 · 库存 {selected.stock} 件 ·{' '}
            {selected.deliveryType === 'cdk' ? '付款后发放激活码' : '付款后直充到账'}
          </p>
          <p className="purchase-total">
            合计{' '}
            <Price
              fen={goodsOrderTotal(selected.price, num).subtotal}
              originalFen={goodsOrderTotal(selected.originalPrice, num).subtotal}
            />
          </p>
          <CouponHint coupon={coupon} />
        </>
      ) : null}
      {named && namedSoldOut && inStock.length > 0 ? (
        <p className="sold-out-note">该商品已售罄：「{named.name}」，请选择其他商品</p>
      ) : null}
      {namedMissing && inStock.length > 0 ? <p className="sold-out-note">{GOODS_NOT_FOUND}</p> : null}
      {goodsQuery.isSuccess && list.length > 0 && inStock.length === 0 ? (
        <p className="sold-out-note">商品已全部售罄，请关注补货</p>
      ) : null}
      {/* The buy row: in the panel on desktop, a bar fixed to the bottom of the screen on phones (catalog.css). */}
      <div className="buy-bar">
        {selected ? (
          <p className="buy-bar-price">
            到手价 <Price fen={coupon.offer?.due ?? goodsOrderTotal(selected.price, num).due} /> {barNote}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary buy-button"
          disabled={!selected}
          onClick={() => {
            if (selected && actor)
              startPurchase(actor, { goodsId: selected.goodsId, buyNum: num, gameId: game.gameId });
          }}
        >
          立即购买
        </button>
        <Suspense fallback={<span className="cart-add-slot" aria-hidden="true" />}>
          <AddToCartButton goods={selected} buyNum={num} />
        </Suspense>
        <Suspense fallback={<span className="wishlist-toggle-slot" aria-hidden="true" />}>
          <WishlistToggle gameId={game.gameId} price={game.minPrice} />
        </Suspense>
      </div>
      {selected ? <CompetitorPrices gameId={game.gameId} goods={selected} /> : null}
      <DeliveryNote gameId={game.gameId} />
    </section>
  );
}

function GoodsOption({ goods, checked, onChoose }: { goods: Goods; checked: boolean; onChoose: () => void }) {
  const soldOut = goods.stock <= 0;
  return (
    <label className={`goods-option${checked ? ' is-checked' : ''}${soldOut ? ' is-sold-out' : ''}`}>
      <Radio name="goods" value={goods.goodsId} checked={checked} disabled={soldOut} onChange={onChoose} />
      <span className="goods-name">
        <span className="badge">{GOODS_TYPE_LABEL[goods.type]}</span> {goods.name}
      </span>
      <span className="goods-price">
        <Price fen={goods.price} originalFen={goods.originalPrice} />
        <DiscountBadge fen={goods.price} originalFen={goods.originalPrice} />
        {goods.activityTag ? <span className="badge badge-activity">{goods.activityTag}</span> : null}
        {goods.hasGift ? (
          <span className="badge badge-gift">{goods.giftName ? `赠礼包：${goods.giftName}` : '赠礼包'}</span>
        ) : null}
        {soldOut ? <span className="badge badge-sold-out">已售罄</span> : null}
      </span>
    </label>
  );
}

/** Goods of a running activity are sold at the activity price here too; say so and lead to the activity. */
function ActivityNote({ goods }: { goods: Goods[] }) {
  const onSale = goods.filter((g) => g.activityTag && g.stock > 0);
  if (onSale.length === 0) return null;
  const tags = [...new Set(onSale.map((g) => g.activityTag))].join('、');
  return (
    <p className="activity-note">
      <span className="badge badge-activity">活动</span> {tags}：{onSale.map((g) => `「${g.name}」`).join('')}
      正以活动价出售 <Link to="/sem/activity">查看全部活动商品</Link>
    </p>
  );
}

function CouponHint({ coupon }: { coupon: CouponOffer }) {
  const modals = useModals();
  if (coupon.userId === null) {
    return (
      <p className="coupon-hint">
        <button type="button" className="link-button" onClick={() => modals.open('login')}>
          登录后查看可用优惠券
        </button>
      </p>
    );
  }
  const { offer } = coupon;
  if (!offer) return null;
  if (!offer.best) return <p className="coupon-hint">有 {offer.count} 张优惠券可用于此商品</p>;
  return (
    <p className="coupon-hint">
      可用优惠券：{offer.best.title}，预计可省 {formatYuan(offer.saving)}，券后 {formatYuan(offer.due)}
      {offer.count > 1 ? `（共 ${offer.count} 张可用）` : ''}
    </p>
  );
}

function DeliveryNote({ gameId }: { gameId: number }) {
  const { data } = useQuery(gameConfigQueryOptions(gameId));
  if (!data?.deliveryNote) return null;
  return <p className="delivery-note">发货说明：{data.deliveryNote}</p>;
}
