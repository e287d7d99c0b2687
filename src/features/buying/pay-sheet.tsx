/**
 * What every pay sheet shares, whatever it orders (one goods, a package, a cart's lines): the coupons offered
 * once the payment flow has settled those the account is owed, the best one chosen by default and the notices
 * when it changes; the quote told to the payment flow, which takes 立即支付 only for it; and the 结算 footer
 * (amounts, error, 优惠计算中…, the pay button). ./pay-editor.tsx and ./cart-pay-editor.tsx are its two sheets.
 */
import { useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useLayoutEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { couponPopupMachine } from '../../../machines/coupon-popup.machine';
import type { PriceQuote } from '../../../machines/payment.machine';
import { PRICING_MESSAGES } from '../../../machines/payment-messages';
import type { Coupon } from '../../api/common';
import type { CouponMatch } from '../../api/goods';
import type { PayChannelCode } from '../../api/orders';
import { useAppActor } from '../../shared/app-actor';
import { formatYuan } from '../../shared/money';
import { Radio } from '../../shared/ui/form-controls';
import { Price } from '../../shared/ui/price';
import { LinesSkeleton } from '../../shared/ui/states';
import { PaySubmitButton } from './pay-progress';
import { onPopupCoupons } from './popup-coupons';
import { bestCoupon, couponSaving } from './pricing';
import { usePaymentSelector } from './use-payment';

/** The coupon choice meaning 不使用优惠券. */
export const NO_COUPON = 'none';

/**
 * The coupons an order may use and the one it uses. Read once the payment flow has made sure of those the account
 * is owed (a new account's 新人券), and asked again each time the sheet opens (an order may have taken one since):
 * only such an answer is offered and submitted, under a key of its own (`'pay'`), so an answer asked for earlier
 * (a game page's, perhaps still in flight) is never taken for it. `wanted`: the order may take a coupon at all.
 */
export function useSheetCoupons({
  matching,
  wanted,
  resumedCouponId,
}: {
  /** the matching call's query options (`matchCouponQueryOptions`, `cartCouponsQueryOptions`) */
  matching: { queryKey: QueryKey; queryFn?: unknown; meta?: Record<string, unknown> | undefined };
  wanted: boolean;
  /** a resumed purchase's coupon (null: it had none); undefined: a new sheet */
  resumedCouponId?: string | null | undefined;
}) {
  const couponsSettled = usePaymentSelector((snapshot) => snapshot.context.couponsSettled);
  const claimedIds = usePaymentSelector((snapshot) => snapshot.context.settledCouponIds);
  const [choice, setChoice] = useState<string | null>(
    resumedCouponId === undefined ? null : (resumedCouponId ?? NO_COUPON),
  );
  // The best coupon when the shopper chose in this sheet (undefined: no choice made here).
  const [bestWhenChosen, setBestWhenChosen] = useState<string | null | undefined>(undefined);
  const coupons = useQuery({
    queryKey: [...matching.queryKey, 'pay'],
    queryFn: matching.queryFn as QueryFunction<CouponMatch, QueryKey>,
    meta: matching.meta,
    enabled: wanted && couponsSettled,
    refetchOnMount: 'always',
    staleTime: 0,
  });
  const shown = !wanted || (couponsSettled && coupons.isFetchedAfterMount);
  // Being read again (the popup brought coupons, a quantity changed): the list shown stays, the price is not final.
  const final = shown && !(wanted && coupons.isFetching);
  const list = shown ? (coupons.data?.coupons ?? []) : [];
  useRefetchOnPopupCoupons(coupons.refetch, wanted && couponsSettled, () => [
    ...claimedIds,
    ...list.map((coupon) => coupon.couponId),
  ]);
  const best = bestCoupon(list, coupons.data?.bestCouponId);
  // null: the server's best coupon; NO_COUPON: none; otherwise the coupon the shopper picked, while it still applies.
  const picked = choice === NO_COUPON ? null : list.find((coupon) => coupon.couponId === choice);
  const coupon = choice === NO_COUPON ? null : (picked ?? best ?? null);
  const explicit = choice !== null && choice !== NO_COUPON ? choice : null;
  const chosenGone = shown && explicit !== null && picked === undefined;
  return {
    list,
    shown,
    final,
    coupon,
    settled: couponsSettled,
    choose: (couponId: string) => {
      setChoice(couponId);
      setBestWhenChosen(best?.couponId ?? null);
    },
    /** The notices of the coupon choice, for an order of `subtotal` now saving `saving` (`PRICING_MESSAGES`). */
    notes(subtotal: number, saving: number): string[] {
      const better =
        shown &&
        bestWhenChosen !== undefined &&
        !chosenGone &&
        best &&
        best.couponId !== (coupon?.couponId ?? null) &&
        best.couponId !== bestWhenChosen &&
        couponSaving(best, subtotal) > saving
          ? best
          : null;
      return [
        chosenGone ? PRICING_MESSAGES.chosenCouponGone : null,
        better ? PRICING_MESSAGES.betterCoupon(better.title, formatYuan(couponSaving(better, subtotal))) : null,
      ].filter((note) => note !== null);
    },
  };
}

/**
 * Tells the payment flow the price shown (a quote once every part of it is known, null while one is not) and
 * answers whether 立即支付 may order it now: the machine takes it only in `priced`, for this very quote.
 */
export function useFinalQuote(
  quote: PriceQuote | null,
  channel: PayChannelCode | null,
  couponsSettled: boolean,
  onQuote: (quote: PriceQuote | null) => void,
): boolean {
  const editing = usePaymentSelector((snapshot) => snapshot.hasTag('payment:editing'));
  const quoteKey = quote ? JSON.stringify(quote) : null;
  // Before paint, so the machine holds what the shopper sees by the time they can press (a layout effect).
  useLayoutEffect(() => {
    if (editing) onQuote(quoteKey === null ? null : (JSON.parse(quoteKey) as PriceQuote));
  }, [editing, couponsSettled, onQuote, quoteKey]);
  return usePaymentSelector(
    (snapshot) =>
      quote !== null &&
      snapshot.can({ type: 'payment.submit', channel: channel ?? 'wechat', draft: quote.draft, due: quote.due }),
  );
}

/** The payment flow is taking choices (the sheet reports them whenever it can: the flow opens after it renders). */
export const usePaymentEditing = () => usePaymentSelector((snapshot) => snapshot.hasTag('payment:editing'));

/** The sheet's notices (list 优惠提示), in a live region always in the page so that one appearing is announced. */
export function SheetNotes({ notes }: { notes: readonly string[] }) {
  return (
    <div role="status" className="order-muted pay-resume-notes">
      {notes.length > 0 ? (
        <ul aria-label={PRICING_MESSAGES.noticesLabel}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The total and the pay button: a sticky footer, in view on a phone however long the options above (docs/buying.md). */
export function PayFooter({
  subtotal,
  saving,
  due,
  busy,
  priceFinal,
  error,
  channel,
  phone,
  onPay,
}: {
  subtotal: number;
  saving: number;
  due: number;
  busy: boolean;
  priceFinal: boolean;
  error: string | null;
  channel: PayChannelCode | null;
  phone: boolean;
  onPay: () => void;
}) {
  const statusId = useId();
  const pricing = !busy && !priceFinal;
  return (
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
            <Price fen={due} />
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
        onClick={onPay}
      />
    </div>
  );
}

export function CouponPicker({
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

/**
 * Asks the matching owner again when the popup brings the account a coupon the sheet does not know of
 * (./popup-coupons.ts). `known` is read as the popup answers (an effect event: the latest render's).
 */
function useRefetchOnPopupCoupons(refetch: () => unknown, wanted: boolean, known: () => Iterable<string>) {
  const actor = useAppActor();
  const knownNow = useEffectEvent(known);
  useEffect(() => {
    const popup = wanted
      ? (actor.system.get('couponPopup') as ActorRefFrom<typeof couponPopupMachine> | undefined)
      : undefined;
    return popup
      ? onPopupCoupons(
          popup,
          () => void refetch(),
          () => knownNow(),
        )
      : undefined;
  }, [actor, refetch, wanted]);
}
