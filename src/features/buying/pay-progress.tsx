/**
 * The pay modal's views once an order exists: paying an existing order
 * (继续支付, or after a failed pay request), waiting for the payment (QR code
 * or pay link, countdown), the leave confirmation, and the failed and closed
 * outcomes. Each renders from the payment flow's snapshot; buttons send
 * `payment.*` events to the root.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { Order, OrderStatus, PayChannelCode, Payment } from '../../api/orders';
import { formatYuan } from '../../shared/money';
import { safeHref } from '../../shared/safe-url';
import { ChannelPicker, effectiveChannel, usePayChannels } from './channel-picker';
import { Countdown } from './countdown';
import { ORDER_STATUS_TEXT, orderTitle, PAY_CHANNEL_TEXT } from './order-text';

/** On a phone the pay step opens the channel's app (its H5 page) instead of showing a QR code to scan: 打开微信支付 / 打开支付宝. */
const openPayApp = (channel: PayChannelCode) => `打开${PAY_CHANNEL_TEXT[channel]}`;
/** The app a channel's payment is finished in. */
const PAY_APP_NAME: Record<PayChannelCode, string> = { wechat: '微信', alipay: '支付宝' };
const PAY_STARTING = '正在发起支付…';

/** 立即支付, or on a phone the pay app it opens. */
export function PaySubmitButton({
  channel,
  phone,
  disabled,
  describedBy,
  onClick,
}: {
  channel: PayChannelCode | null;
  phone: boolean;
  disabled: boolean;
  /** The id of the line that says why the button waits (优惠计算中…). */
  describedBy?: string | undefined;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button-primary pay-submit"
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {phone && channel ? openPayApp(channel) : '立即支付'}
    </button>
  );
}

/**
 * How a payment gets made in mock mode (docs/simulated-backend.md, "Automatic payment"): a QR code nobody can
 * scan is paid by the simulated backend itself after a few seconds (unless its own events are switched off,
 * as in the end-to-end builds); the 支付宝 link's page is paid by the shopper on it.
 */
const MOCK_PAY_NOTE = {
  qr: '模拟环境：默认几秒后自动支付成功，或在 /demo 页面完成支付',
  link: '模拟环境：在打开的支付宝页面点「确认支付」，或在 /demo 页面完成支付',
} as const;

const isMockMode = () => import.meta.env.VITE_API_MODE !== 'live';

function OrderLines({ order }: { order: Order }) {
  return (
    <div className="pay-order">
      <p>
        订单号 <span className="pay-order-id">{order.orderId}</span>
      </p>
      <p>{orderTitle(order)}</p>
      <p>
        应付金额 <strong>{formatYuan(order.payAmount)}</strong>
        {order.discountAmount > 0 ? (
          <span className="order-muted">（已优惠 {formatYuan(order.discountAmount)}）</span>
        ) : null}
      </p>
    </div>
  );
}

/** An unpaid order that exists already: pick a channel and pay it. */
export function OrderPayForm({
  order,
  busy,
  error,
  phone,
  onSubmit,
}: {
  order: Order;
  busy: boolean;
  error: string | null;
  phone: boolean;
  onSubmit: (channel: PayChannelCode) => void;
}) {
  const [chosen, setChosen] = useState<PayChannelCode | null>(order.payChannel);
  const channels = usePayChannels(order.payAmount);
  const channel = effectiveChannel(channels.data, chosen);
  return (
    <div className="pay-editor" aria-busy={busy || undefined}>
      <OrderLines order={order} />
      <Countdown expireTime={order.expireTime} />
      <ChannelPicker query={channels} value={channel} onChange={setChosen} disabled={busy} />
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      {busy ? <p role="status">{PAY_STARTING}</p> : null}
      <PaySubmitButton
        channel={channel}
        phone={phone}
        disabled={busy || channel === null}
        onClick={() => channel && onSubmit(channel)}
      />
    </div>
  );
}

/**
 * Paid on this phone: the pay app was opened (its H5 page), and the status is awaited until the shopper
 * comes back or pays; the app can be opened again, or the other one, for the same order. Back from the app
 * with the order still unpaid (取消支付 there, or the back button), it says so rather than asking to pay in
 * an app the shopper has left; a payment the app still reports is picked up all the same.
 */
function PayInApp({
  channel,
  returned,
  busy,
  onReopen,
}: {
  channel: PayChannelCode;
  returned: boolean;
  busy: boolean;
  onReopen: (channel: PayChannelCode) => void;
}) {
  const other: PayChannelCode = channel === 'wechat' ? 'alipay' : 'wechat';
  return (
    <div className="pay-in-app">
      <p>
        {returned
          ? payInAppLeft(channel)
          : `请在${PAY_APP_NAME[channel]}中完成支付，完成后会自动返回本页并显示激活码。`}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => onReopen(channel)}>
          {openPayApp(channel)}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onReopen(other)}>
          改用{PAY_CHANNEL_TEXT[other]}
        </button>
      </div>
    </div>
  );
}

/** @internal What the sheet says back from a pay app with the order unpaid. */
const payInAppLeft = (channel: PayChannelCode) =>
  `${PAY_APP_NAME[channel]}中的支付尚未完成，订单已为你保留：可以重新打开继续支付，或换一种方式支付。`;

/** The QR code (微信) or pay link (支付宝) — on a phone, the pay app — the countdown, and the polling status. */
export function PayWaiting({
  order,
  payment,
  inApp,
  returned = false,
  busy = false,
  onReopen,
}: {
  order: Order;
  payment: Payment | null;
  /** the channel whose app this phone pays in, or null: a QR code or link */
  inApp: PayChannelCode | null;
  /** the shopper came back from the pay app (the order still unpaid) */
  returned?: boolean;
  busy?: boolean;
  onReopen: (channel: PayChannelCode) => void;
}) {
  return (
    <div className="pay-waiting">
      <OrderLines order={order} />
      {inApp ? (
        <PayInApp channel={inApp} returned={returned} busy={busy} onReopen={onReopen} />
      ) : (
        <ScanOrLink payment={payment} />
      )}
      <Countdown expireTime={payment?.expireTime ?? order.expireTime} />
      <p role="status" className="pay-status">
        {busy ? PAY_STARTING : inApp && returned ? '待支付' : '等待支付结果…'}
      </p>
    </div>
  );
}

/** A desktop's way to pay: the QR code (微信) or the pay link (支付宝), and in mock mode how it gets paid. */
function ScanOrLink({ payment }: { payment: Payment | null }) {
  return (
    <>
      {payment?.qrImage ? (
        <figure className="pay-qr">
          <img src={payment.qrImage} alt="支付二维码" width={200} height={200} />
          <figcaption>请使用微信扫一扫完成支付</figcaption>
        </figure>
      ) : null}
      {payment?.payUrl ? (
        // In mock mode too: the simulated backend's page opens in a new tab (src/mock/page-bridge.ts).
        safeHref(payment.payUrl) ? (
          <p className="pay-link">
            <a
              href={safeHref(payment.payUrl)}
              target="_blank"
              rel="noopener noreferrer"
              className="button button-primary"
            >
              前往支付宝支付
            </a>
          </p>
        ) : (
          <p className="pay-link form-error">支付链接无效，请关闭后重新发起支付</p>
        )
      ) : null}
      {isMockMode() && payment ? (
        <p className="mock-note">{payment.qrImage ? MOCK_PAY_NOTE.qr : MOCK_PAY_NOTE.link}</p>
      ) : null}
    </>
  );
}

/** Inline alert dialog: leaving keeps the order unpaid in 我的订单. */
export function LeaveConfirm({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const titleId = useId();
  const textId = useId();
  const stayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    stayRef.current?.focus();
  }, []);
  return (
    <div role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} className="pay-leave">
      <h3 id={titleId}>确认离开支付？</h3>
      <p id={textId}>订单不会取消，将以“待支付”保留在我的订单中，在支付时限内可继续支付。</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onLeave}>
          确认离开
        </button>
        <button type="button" ref={stayRef} className="button button-primary" onClick={onStay}>
          继续支付
        </button>
      </div>
    </div>
  );
}

/** The payment failed (`failed`): 重新支付 places a new order when the form's choices are known. */
export function PayFailed({
  canRetry,
  onRetry,
  onClose,
}: {
  canRetry: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  return (
    <div className="pay-outcome">
      <p role="alert" className="form-error">
        支付失败，订单未扣款。{canRetry ? '可重新支付（将生成新订单）。' : '请返回商品页重新下单。'}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          暂不支付
        </button>
        {canRetry ? (
          <button type="button" className="button button-primary" onClick={onRetry}>
            重新支付
          </button>
        ) : null}
      </div>
    </div>
  );
}

const CLOSED_TEXT: Partial<Record<OrderStatus, string>> = {
  expired: '订单已超时未支付，已自动关闭。',
  cancelled: '订单已取消。',
  failed: '该订单支付失败，请重新下单。',
  paid: '该订单已支付，无需重复支付。',
  delivered: '该订单已支付，无需重复支付。',
  refunding: '该订单已申请退款。',
  refunded: '该订单已退款。',
};

/** The order can no longer be paid (expired, cancelled, already settled), or could not be loaded. */
export function PayClosed({
  orderId,
  status,
  error,
  onClose,
}: {
  orderId: string | null;
  status: OrderStatus | null;
  error: string | null;
  onClose: () => void;
}) {
  const text = error ?? (status ? (CLOSED_TEXT[status] ?? `订单${ORDER_STATUS_TEXT[status]}`) : '订单无法支付。');
  return (
    <div className="pay-outcome">
      <p role="alert">{text}</p>
      <div className="dialog-actions">
        {orderId ? (
          <Link to="/orderDateil" search={{ id: orderId }} className="button" onClick={onClose}>
            查看订单
          </Link>
        ) : null}
        <button type="button" className="button button-primary" onClick={onClose}>
          知道了
        </button>
      </div>
    </div>
  );
}
