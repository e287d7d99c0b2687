/**
 * The pay sheet of 去结算 (docs/cart.md, "One checkout"), opened by the pay gate with the cart's lines. One order
 * (`oneOrder`): every line with its game, edition, quantity and the price the cart showed, one coupon for the whole
 * order (the best by default, worked out as for one goods: ./pay-sheet.tsx), the amount due and the channels; 立即支付
 * creates one combined order at those prices (`fromCart`), which the server refuses if a price changed (`order_40004`:
 * said here, and the cart reads today's prices). A server without the cart extension (`orderPerGoods`): the first
 * line's own sheet (./pay-editor.tsx), saying plainly that each goods is ordered and paid alone. A visitor's
 * (`afterLogin`): the account's cart once the login merged it, then one of the two.
 */
import { useEffect, useState } from 'react';
import type { CartPurchase, CartPurchaseLine, PayChoices, PurchaseRequest } from '../../../machines/pay-gate.machine';
import type { OrderDraft, PriceQuote } from '../../../machines/payment.machine';
import { cartCouponsQueryOptions } from '../../api/goods';
import type { PayChannelCode } from '../../api/orders';
import { CHECKOUT_CART_FAILED, CHECKOUT_NOTHING_LEFT, orderPerGoodsNotice, useAccountCheckout } from '../cart';
import { useCurrentUser } from '../../shared/app-actor';
import { formatYuan } from '../../shared/money';
import { ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { SafeImage } from '../../shared/ui/safe-image';
import { ChannelPicker, effectiveChannel, usePayChannels } from './channel-picker';
import { PayEditor, RESUME_NOTES } from './pay-editor';
import {
  CouponPicker,
  NO_COUPON,
  PayFooter,
  SheetNotes,
  useFinalQuote,
  usePaymentEditing,
  useSheetCoupons,
} from './pay-sheet';
import { linesOrderTotal } from './pricing';

export interface CartCheckoutProps {
  cart: CartPurchase;
  /** A purchase resumed after an expiry: the choices it had. */
  resumed: PayChoices | null;
  busy: boolean;
  error: string | null;
  phone: boolean;
  onSubmit: (quote: PriceQuote, channel: PayChannelCode) => void;
  onChoose: (request: PurchaseRequest) => void;
  onQuote: (quote: PriceQuote | null) => void;
}

/** The sheet for the plan: a visitor's first waits for the account's cart. */
export function CartCheckout(props: CartCheckoutProps) {
  if (props.cart.plan === 'afterLogin') return <AfterLogin {...props} />;
  return <PlanSheet {...props} />;
}

function AfterLogin(props: CartCheckoutProps) {
  const userId = useCurrentUser()?.userId ?? null;
  const checkout = useAccountCheckout(
    userId,
    props.cart.lines.map((line) => line.goodsId),
  );
  if (checkout.kind === 'loading') return <LinesSkeleton label="购物车" lines={3} />;
  if (checkout.kind === 'failed')
    return <ErrorState error={undefined} title={CHECKOUT_CART_FAILED} onRetry={checkout.retry} />;
  if (checkout.purchase.lines.length === 0 || checkout.purchase.plan === 'afterLogin') {
    return (
      <p role="alert" className="form-error">
        {CHECKOUT_NOTHING_LEFT}
      </p>
    );
  }
  return <PlanSheet {...props} cart={checkout.purchase} />;
}

function PlanSheet(props: CartCheckoutProps) {
  const { cart } = props;
  const first = cart.lines[0]!;
  if (cart.plan === 'oneOrder') return <OneOrderSheet {...props} />;
  const rest = cart.lines.length - 1;
  return (
    <PayEditor
      goodsId={first.goodsId}
      gameId={first.gameId}
      initialBuyNum={first.buyNum}
      resumed={props.resumed}
      busy={props.busy}
      error={props.error}
      phone={props.phone}
      onSubmit={props.onSubmit}
      onChoose={props.onChoose}
      onQuote={props.onQuote}
      cart={cart}
      notice={rest > 0 ? [orderPerGoodsNotice(lineName(first), rest)] : []}
    />
  );
}

const lineName = (line: Pick<CartPurchaseLine, 'gameName' | 'goodsName'>) => `${line.gameName} · ${line.goodsName}`;

function OneOrderSheet({ cart, resumed, busy, error, phone, onSubmit, onChoose, onQuote }: CartCheckoutProps) {
  const { lines } = cart;
  const first = lines[0]!;
  const userId = useCurrentUser()?.userId ?? null;
  const [chosenChannel, setChosenChannel] = useState<PayChannelCode | null>(resumed?.channel ?? null);
  const coupons = useSheetCoupons({
    matching: cartCouponsQueryOptions(userId ?? 0, lines),
    wanted: userId !== null,
    resumedCouponId: resumed ? resumed.couponId : undefined,
  });
  const { subtotal, saving, due } = linesOrderTotal(lines, coupons.coupon);
  const channels = usePayChannels(due);
  const channel = effectiveChannel(channels.data, chosenChannel);
  const couponId = coupons.coupon?.couponId ?? null;

  const editing = usePaymentEditing();
  useEffect(() => {
    if (editing) {
      onChoose({
        goodsId: first.goodsId,
        gameId: first.gameId,
        buyNum: first.buyNum,
        choices: { packageId: null, couponId, channel },
        cart,
      });
    }
  }, [editing, onChoose, first, couponId, channel, cart]);

  const draft: OrderDraft = {
    kind: 'cart',
    items: lines.map(({ goodsId, buyNum, price }) => ({ goodsId, buyNum, price })),
    couponId,
  };
  const quote: PriceQuote | null = coupons.final ? { draft, due } : null;
  const priceFinal = useFinalQuote(quote, channel, coupons.settled, onQuote);
  const notes = [
    ...coupons.notes(subtotal, saving),
    ...(resumed && resumed.channel !== null && channels.isSuccess && channel !== resumed.channel
      ? [RESUME_NOTES.channel]
      : []),
  ];

  return (
    <div className="pay-editor" aria-busy={busy || undefined}>
      <ul className="stack-list order-items pay-cart-lines" aria-label="结算商品">
        {lines.map((line) => (
          <li key={line.goodsId} className="pay-goods">
            <SafeImage src={line.cover} alt="" width={48} height={48} />
            <div>
              <p className="pay-goods-name">{line.gameName}</p>
              <p className="order-muted">{line.goodsName}</p>
              <p>
                {formatYuan(line.price)} × {line.buyNum}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <CouponPicker
        loading={!coupons.shown}
        coupons={coupons.list}
        subtotal={subtotal}
        value={coupons.coupon?.couponId ?? NO_COUPON}
        onChange={coupons.choose}
        disabled={busy}
      />
      <ChannelPicker query={channels} value={channel} onChange={setChosenChannel} disabled={busy} />
      <SheetNotes notes={notes} />
      <PayFooter
        subtotal={subtotal}
        saving={saving}
        due={due}
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
