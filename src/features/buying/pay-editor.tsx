/**
 * The pay modal's form for a new order: the goods, the quantity, the coupons
 * that apply (or a package that contains the goods), the pay channel and the
 * total. The choices are this form's own state until 立即支付 hands them to
 * the payment flow as an `OrderDraft`; the server data comes from React Query.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CartPurchase, PayChoices, PurchaseRequest } from '../../../machines/pay-gate.machine';
import type { OrderDraft, PriceQuote } from '../../../machines/payment.machine';
import { PRICING_MESSAGES } from '../../../machines/payment-messages';
import { gameGoodsQueryOptions, matchCouponQueryOptions, type Goods } from '../../api/goods';
import type { Package, PayChannelCode } from '../../api/orders';
import { priceChangedText } from '../../api/cart';
import { useAppActor, useCurrentUser } from '../../shared/app-actor';
import { formatYuan } from '../../shared/money';
import { capQuantity, quantityCap } from './quantity';
import { ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { Price } from '../../shared/ui/price';
import { ChannelPicker, effectiveChannel, usePayChannels } from './channel-picker';
import { packagesQuery } from './queries';
import { QuantityStepper } from './quantity-stepper';
import { GOODS_LOAD_FAILED } from './load-failed';
import { goodsOrderTotal, packageOrderTotal, packageSaving } from './pricing';
import { SafeImage } from '../../shared/ui/safe-image';
import { Radio } from '../../shared/ui/form-controls';
import {
  CouponPicker,
  NO_COUPON,
  PayFooter,
  SheetNotes,
  useFinalQuote,
  usePaymentEditing,
  useSheetCoupons,
} from './pay-sheet';

export interface PayEditorProps {
  goodsId: number;
  gameId: number;
  initialBuyNum: number;
  /** A purchase resumed after an expiry: the choices it had, each kept only if the fresh answers still allow it. */
  resumed: PayChoices | null;
  /** an order or pay request is in flight: 立即支付 is disabled */
  busy: boolean;
  /** the last create/pay failure, shown above the button */
  error: string | null;
  /** a phone: the button opens the channel's pay app (打开微信支付 / 打开支付宝) */
  phone: boolean;
  /** 立即支付: the quote shown (the order and its amount) and the channel. */
  onSubmit: (quote: PriceQuote, channel: PayChannelCode) => void;
  /** The current choices, reported on every change (an expiry suspends the purchase with them). */
  onChoose: (request: PurchaseRequest) => void;
  /** The price shown, reported on every change: a quote once every part of it is known, null while one is not. */
  onQuote: (quote: PriceQuote | null) => void;
  /** 去结算 on a server that orders goods by goods: the cart's lines, of which this sheet pays the first. */
  cart?: CartPurchase | undefined;
  /** Said first in the notices (the cart's one-order-per-goods notice, a changed price). */
  notice?: readonly string[] | undefined;
}

/** What the resumed dialog says when a choice it had no longer holds (the quantity cap says so itself). */
export const RESUME_NOTES = {
  package: '之前选择的套餐已不可用，已改为单独购买',
  coupon: PRICING_MESSAGES.chosenCouponGone,
  channel: '之前选择的支付方式暂不可用，已为您更换',
} as const;

/**
 * Whether goods data was fetched by this page view: a prerendered page starts from the build's answers
 * (docs/prerendering.md), and the prices and stock the shopper pays by never come from those.
 */
const fetchedByThisPage = (dataUpdatedAt: number) => dataUpdatedAt >= performance.timeOrigin;

export function PayEditor(props: PayEditorProps) {
  const goodsQuery = useQuery({
    ...gameGoodsQueryOptions(props.gameId),
    refetchOnMount: (query) => (fetchedByThisPage(query.state.dataUpdatedAt) ? true : 'always'),
  });
  if (goodsQuery.isError)
    return <ErrorState error={goodsQuery.error} title={GOODS_LOAD_FAILED} onRetry={() => void goodsQuery.refetch()} />;
  if (goodsQuery.isPending || !fetchedByThisPage(goodsQuery.dataUpdatedAt))
    return <LinesSkeleton label="商品信息" lines={4} />;
  const goods = goodsQuery.data.goods.find((item) => item.goodsId === props.goodsId);
  if (!goods) {
    return (
      <p role="alert" className="form-error">
        商品不存在或已下架
      </p>
    );
  }
  return <GoodsForm {...props} goods={goods} siblings={goodsQuery.data.goods} />;
}

function GoodsForm({
  goods,
  siblings,
  initialBuyNum,
  resumed,
  busy,
  error,
  phone,
  notice,
  onSubmit,
  onChoose,
  onQuote,
  cart,
}: PayEditorProps & { goods: Goods; siblings: Goods[] }) {
  const cap = quantityCap(goods);
  const [buyNum, setBuyNum] = useState(() => capQuantity(initialBuyNum, cap));
  const num = capQuantity(buyNum, cap);
  const [packageId, setPackageId] = useState<number | null>(resumed?.packageId ?? null);
  const [chosenChannel, setChosenChannel] = useState<PayChannelCode | null>(resumed?.channel ?? null);

  const packages = useQuery(packagesQuery(goods.goodsId));
  const chosenPackage = packages.data?.find((item) => item.packageId === packageId) ?? null;
  const userId = useCurrentUser()?.userId ?? null;
  const coupons = useSheetCoupons({
    matching: matchCouponQueryOptions(userId ?? 0, goods.goodsId, num),
    wanted: chosenPackage === null && userId !== null,
    resumedCouponId: resumed ? resumed.couponId : undefined,
  });
  const coupon = chosenPackage ? null : coupons.coupon;

  const {
    subtotal,
    saving,
    due: total,
  } = chosenPackage ? packageOrderTotal(chosenPackage) : goodsOrderTotal(goods.price, num, coupon);
  const channels = usePayChannels(total);
  const channel = effectiveChannel(channels.data, chosenChannel);

  // Told to the payment flow whenever it can take it (the flow opens after this form first renders).
  const editing = usePaymentEditing();
  const chosenPackageId = chosenPackage?.packageId ?? null;
  const couponId = coupon?.couponId ?? null;
  useEffect(() => {
    if (editing) {
      onChoose({
        goodsId: goods.goodsId,
        gameId: goods.gameId,
        buyNum: num,
        choices: { packageId: chosenPackageId, couponId, channel },
        ...(cart ? { cart } : {}),
      });
    }
  }, [editing, onChoose, goods.goodsId, goods.gameId, num, chosenPackageId, couponId, channel, cart]);

  const draft: OrderDraft = chosenPackage
    ? {
        kind: 'package',
        packageId: chosenPackage.packageId,
        items: chosenPackage.goodsIds.map((goodsId) => ({ goodsId, buyNum: 1 })),
      }
    : { kind: 'goods', goodsId: goods.goodsId, buyNum: num, couponId };
  // The price is final once the coupons (read after the settling) and the packages are known.
  const quote: PriceQuote | null = coupons.final && !packages.isPending ? { draft, due: total } : null;
  const priceFinal = useFinalQuote(quote, channel, coupons.settled, onQuote);

  // 去结算 without the cart extension: the server takes today's price, so a price the cart did not show is said
  // first (the same words as the combined order's refusal) and the cart reads today's prices.
  const seenPrice = cart?.lines.find((line) => line.goodsId === goods.goodsId)?.price;
  const priceChanged = seenPrice !== undefined && seenPrice !== goods.price;
  const actor = useAppActor();
  useEffect(() => {
    if (priceChanged) actor.send({ type: 'cart.refresh' });
  }, [actor, priceChanged]);
  const notes = [
    priceChanged ? priceChangedText(`${goods.gameName} · ${goods.name}`) : null,
    ...(notice ?? []),
    resumed && resumed.packageId !== null && packages.isSuccess && chosenPackage === null ? RESUME_NOTES.package : null,
    ...(chosenPackage ? [] : coupons.notes(subtotal, saving)),
    resumed && resumed.channel !== null && channels.isSuccess && channel !== resumed.channel
      ? RESUME_NOTES.channel
      : null,
  ].filter((note) => note !== null);

  return (
    <div className="pay-editor" aria-busy={busy || undefined}>
      <div className="pay-goods">
        <SafeImage src={goods.cover} alt="" width={96} height={96} priority className="pay-goods-cover" />
        <div>
          <p className="pay-goods-name">{goods.name}</p>
          <p className="order-muted">{goods.gameName}</p>
          <p>
            单价 <Price fen={goods.price} originalFen={goods.originalPrice} />
          </p>
        </div>
      </div>

      {packages.data && packages.data.length > 0 ? (
        <PackageOffer
          packages={packages.data}
          siblings={siblings}
          value={packageId}
          onChange={setPackageId}
          disabled={busy}
        />
      ) : null}

      {chosenPackage ? (
        <p className="order-muted">套餐价已含优惠，不能与优惠券同时使用。</p>
      ) : (
        <>
          <QuantityStepper value={num} cap={cap} requested={initialBuyNum} onChange={setBuyNum} disabled={busy} />
          <CouponPicker
            loading={!coupons.shown}
            coupons={coupons.list}
            subtotal={subtotal}
            value={coupon?.couponId ?? NO_COUPON}
            onChange={coupons.choose}
            disabled={busy}
          />
        </>
      )}

      <ChannelPicker query={channels} value={channel} onChange={setChosenChannel} disabled={busy} />

      <SheetNotes notes={notes} />

      <PayFooter
        subtotal={subtotal}
        saving={saving}
        due={total}
        busy={busy}
        priceFinal={priceFinal}
        error={error}
        channel={channel}
        phone={phone}
        onPay={() => channel && quote && onSubmit(quote, channel)}
      />
    </div>
  );
}

function PackageOffer({
  packages,
  siblings,
  value,
  onChange,
  disabled,
}: {
  packages: Package[];
  siblings: Goods[];
  value: number | null;
  onChange: (packageId: number | null) => void;
  disabled: boolean;
}) {
  const nameOf = (goodsId: number) => siblings.find((item) => item.goodsId === goodsId)?.name ?? `商品 ${goodsId}`;
  return (
    <fieldset className="pay-packages" disabled={disabled}>
      <legend>购买方式</legend>
      <label className="pay-option">
        <Radio name="pay-package" checked={value === null} onChange={() => onChange(null)} />
        单独购买
      </label>
      {packages.map((item) => (
        <label key={item.packageId} className="pay-option pay-package">
          <Radio name="pay-package" checked={value === item.packageId} onChange={() => onChange(item.packageId)} />
          <span>
            套餐：{item.name} {formatYuan(item.price)}（省 {formatYuan(packageSaving(item))}）
            <span className="order-muted pay-package-goods">含 {item.goodsIds.map(nameOf).join(' + ')}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
