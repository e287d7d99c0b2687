/**
 * The pay modal's form for a new order: the goods, the quantity, the coupons
 * that apply (or a package that contains the goods), the pay channel and the
 * total. The choices are this form's own state until 立即支付 hands them to
 * the payment flow as an `OrderDraft`; the server data comes from React Query.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useState } from 'react';
import type { PayChoices, PurchaseRequest } from '../../../machines/pay-gate.machine';
import type { OrderDraft, PriceQuote } from '../../../machines/payment.machine';
import { PRICING_MESSAGES } from '../../../machines/payment-messages';
import type { Coupon } from '../../api/common';
import { gameGoodsQueryOptions, matchCouponQueryOptions, type Goods } from '../../api/goods';
import type { Package, PayChannelCode } from '../../api/orders';
import type { ActorRefFrom } from 'xstate';
import type { couponPopupMachine } from '../../../machines/coupon-popup.machine';
import { useAppActor, useCurrentUser } from '../../shared/app-actor';
import { formatYuan } from '../../shared/money';
import { capQuantity, quantityCap } from './quantity';
import { ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { Price } from '../../shared/ui/price';
import { ChannelPicker, effectiveChannel, usePayChannels } from './channel-picker';
import { PaySubmitButton } from './pay-progress';
import { packagesQuery } from './queries';
import { QuantityStepper } from './quantity-stepper';
import { usePaymentSelector } from './use-payment';
import { GOODS_LOAD_FAILED } from './load-failed';
import { bestCoupon, couponSaving, goodsOrderTotal, packageOrderTotal, packageSaving } from './pricing';
import { onPopupCoupons } from './popup-coupons';
import { SafeImage } from '../../shared/ui/safe-image';
import { Radio } from '../../shared/ui/form-controls';

const NO_COUPON = 'none';

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
}

/**
 * What the resumed dialog says when a choice it had no longer holds (the quantity cap says so itself).
 * @internal
 */
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
  onSubmit,
  onChoose,
  onQuote,
}: PayEditorProps & { goods: Goods; siblings: Goods[] }) {
  const cap = quantityCap(goods);
  const [buyNum, setBuyNum] = useState(() => capQuantity(initialBuyNum, cap));
  const num = capQuantity(buyNum, cap);
  const [packageId, setPackageId] = useState<number | null>(resumed?.packageId ?? null);
  const [couponChoice, setCouponChoice] = useState<string | null>(resumed ? (resumed.couponId ?? NO_COUPON) : null);
  // The best coupon when the shopper chose in this dialog (undefined: no choice made here).
  const [bestWhenChosen, setBestWhenChosen] = useState<string | null | undefined>(undefined);
  const [chosenChannel, setChosenChannel] = useState<PayChannelCode | null>(resumed?.channel ?? null);

  const packages = useQuery(packagesQuery(goods.goodsId));
  const chosenPackage = packages.data?.find((item) => item.packageId === packageId) ?? null;
  const userId = useCurrentUser()?.userId ?? null;
  // The coupons are read once the payment flow has made sure of those the account is owed (a new account's
  // 新人券), and asked again each time the dialog opens (an order may have taken one since): only such an
  // answer is offered and submitted. Under a key of its own, so that an answer asked for earlier (the game
  // page's, perhaps still in flight) is never taken for it.
  const couponsSettled = usePaymentSelector((snapshot) => snapshot.context.couponsSettled);
  const couponsWanted = chosenPackage === null && userId !== null;
  const matching = matchCouponQueryOptions(userId ?? 0, goods.goodsId, num);
  const coupons = useQuery({
    ...matching,
    queryKey: [...matching.queryKey, 'pay'],
    enabled: couponsWanted && couponsSettled,
    refetchOnMount: 'always',
  });
  const couponsShown = !couponsWanted || (couponsSettled && coupons.isFetchedAfterMount);
  // Being read again (the popup brought coupons, a quantity changed): the list shown stays, the price is not final.
  const couponsFinal = couponsShown && !(couponsWanted && coupons.isFetching);
  useRefetchOnPopupCoupons(coupons.refetch, couponsWanted && couponsSettled);
  const couponList = couponsShown ? (coupons.data?.coupons ?? []) : [];
  const best = bestCoupon(couponList, coupons.data?.bestCouponId);
  // null: the server's best coupon; NO_COUPON: none; otherwise the coupon the shopper picked, while it still applies.
  const picked = couponChoice === NO_COUPON ? null : couponList.find((coupon) => coupon.couponId === couponChoice);
  const coupon = chosenPackage ? null : couponChoice === NO_COUPON ? null : (picked ?? best ?? null);
  const chooseCoupon = (couponId: string) => {
    setCouponChoice(couponId);
    setBestWhenChosen(best?.couponId ?? null);
  };

  const {
    subtotal,
    saving,
    due: total,
  } = chosenPackage ? packageOrderTotal(chosenPackage) : goodsOrderTotal(goods.price, num, coupon);
  const channels = usePayChannels(total);
  const channel = effectiveChannel(channels.data, chosenChannel);

  // Told to the payment flow whenever it can take it (the flow opens after this form first renders).
  const editing = usePaymentSelector((snapshot) => snapshot.hasTag('payment:editing'));
  const chosenPackageId = chosenPackage?.packageId ?? null;
  const couponId = coupon?.couponId ?? null;
  useEffect(() => {
    if (editing) {
      onChoose({
        goodsId: goods.goodsId,
        gameId: goods.gameId,
        buyNum: num,
        choices: { packageId: chosenPackageId, couponId, channel },
      });
    }
  }, [editing, onChoose, goods.goodsId, goods.gameId, num, chosenPackageId, couponId, channel]);

  const draft: OrderDraft = chosenPackage
    ? {
        kind: 'package',
        packageId: chosenPackage.packageId,
        items: chosenPackage.goodsIds.map((goodsId) => ({ goodsId, buyNum: 1 })),
      }
    : { kind: 'goods', goodsId: goods.goodsId, buyNum: num, couponId };
  // The price is final once the coupons (read after the settling) and the packages are known.
  const quote: PriceQuote | null = couponsFinal && !packages.isPending ? { draft, due: total } : null;
  const quoteKey = quote ? JSON.stringify(quote) : null;
  // Before paint, so the machine holds what the shopper sees by the time they can press (a layout effect).
  useLayoutEffect(() => {
    if (editing) onQuote(quoteKey === null ? null : (JSON.parse(quoteKey) as PriceQuote));
  }, [editing, couponsSettled, onQuote, quoteKey]);
  // 立即支付 orders exactly what is shown: the machine takes it only in `priced`, for this very quote.
  const priceFinal = usePaymentSelector(
    (snapshot) =>
      quote !== null &&
      snapshot.can({ type: 'payment.submit', channel: channel ?? 'wechat', draft: quote.draft, due: quote.due }),
  );
  const pricing = !busy && !priceFinal;
  const statusId = useId();

  const explicitCoupon = couponChoice !== null && couponChoice !== NO_COUPON ? couponChoice : null;
  const chosenGone = !chosenPackage && couponsShown && explicitCoupon !== null && picked === undefined;
  const better =
    !chosenPackage &&
    couponsShown &&
    bestWhenChosen !== undefined &&
    !chosenGone &&
    best &&
    best.couponId !== couponId &&
    best.couponId !== bestWhenChosen &&
    couponSaving(best, subtotal) > saving
      ? best
      : null;
  const notes = [
    resumed && resumed.packageId !== null && packages.isSuccess && chosenPackage === null ? RESUME_NOTES.package : null,
    chosenGone ? RESUME_NOTES.coupon : null,
    better ? PRICING_MESSAGES.betterCoupon(better.title, formatYuan(couponSaving(better, subtotal))) : null,
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
            loading={!couponsShown}
            coupons={couponList}
            subtotal={subtotal}
            value={coupon?.couponId ?? NO_COUPON}
            onChange={chooseCoupon}
            disabled={busy}
          />
        </>
      )}

      <ChannelPicker query={channels} value={channel} onChange={setChosenChannel} disabled={busy} />

      {/* Always in the page, so that a notice appearing in it is announced. */}
      <div role="status" className="order-muted pay-resume-notes">
        {notes.length > 0 ? (
          <ul aria-label={PRICING_MESSAGES.noticesLabel}>
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
      </div>

      {/* The total and the pay button: a sticky footer, in view on a phone however long the options above (docs/buying.md). */}
      <div role="group" aria-label="结算" className="dialog-footer pay-footer">
        <dl className="pay-total" aria-busy={pricing || undefined}>
          <div>
            <dt>商品金额</dt>
            <dd>{formatYuan(subtotal)}</dd>
          </div>
          <div>
            <dt>优惠</dt>
            <dd>{saving > 0 ? `已优惠 ${formatYuan(saving)}` : '无'}</dd>
          </div>
          <div className="pay-total-due">
            <dt>应付金额</dt>
            <dd>
              <Price fen={total} />
            </dd>
          </div>
        </dl>

        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        {/* One status line, always in the page: what the pay button is waiting for, announced as it changes. */}
        <p role="status" id={statusId} className="pay-status">
          {busy ? '正在创建订单…' : pricing ? PRICING_MESSAGES.pricing : null}
        </p>
        <PaySubmitButton
          channel={channel}
          phone={phone}
          disabled={busy || channel === null || !priceFinal}
          describedBy={pricing ? statusId : undefined}
          onClick={() => channel && quote && onSubmit(quote, channel)}
        />
      </div>
    </div>
  );
}

function CouponPicker({
  loading,
  coupons,
  subtotal,
  value,
  onChange,
  disabled,
}: {
  loading: boolean;
  coupons: Coupon[];
  subtotal: number;
  value: string;
  onChange: (couponId: string) => void;
  disabled: boolean;
}) {
  if (loading) return <LinesSkeleton label="优惠券" lines={1} />;
  if (coupons.length === 0) return <p className="order-muted">暂无可用优惠券</p>;
  return (
    <fieldset className="pay-coupons" disabled={disabled}>
      <legend>优惠券</legend>
      {coupons.map((coupon) => (
        <label key={coupon.couponId} className="pay-option">
          <Radio name="pay-coupon" checked={value === coupon.couponId} onChange={() => onChange(coupon.couponId)} />
          {coupon.title}（省 {formatYuan(couponSaving(coupon, subtotal))}）
        </label>
      ))}
      <label className="pay-option">
        <Radio name="pay-coupon" checked={value === NO_COUPON} onChange={() => onChange(NO_COUPON)} />
        不使用优惠券
      </label>
    </fieldset>
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

/** Asks the matching owner again when the popup brings the account coupons (./popup-coupons.ts). */
function useRefetchOnPopupCoupons(refetch: () => unknown, wanted: boolean) {
  const actor = useAppActor();
  useEffect(() => {
    const popup = wanted
      ? (actor.system.get('couponPopup') as ActorRefFrom<typeof couponPopupMachine> | undefined)
      : undefined;
    return popup ? onPopupCoupons(popup, () => void refetch()) : undefined;
  }, [actor, refetch, wanted]);
}
