/**
 * The pay modal (dialog 支付订单), opened through the modal machine with
 * either `{ goodsId, buyNum, gameId }` (from the pay gate, after 立即购买) or
 * `{ orderId }` (继续支付 on an unpaid order).
 *
 * The flow lives in the `payment` machine (machines/payment.machine.ts), a
 * child of the root: this component tells it the modal is open
 * (`payment.open` with one `requestId` generated when the modal mounts and
 * kept while it is open, or the interrupted dialog's when an expiry's purchase
 * resumes), renders from its snapshot, and sends the shopper's
 * gestures (`payment.submit`, `payment.retry`, `payment.close`,
 * `payment.stay`, `payment.leave`) to the root. The dialog's × and Escape ask
 * the machine, which confirms before leaving a payment in progress.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PurchaseRequest } from '../../../machines/pay-gate.machine';
import {
  channelOrDefault,
  isPaying,
  isSubmitting,
  isUnpayable,
  type PriceQuote,
} from '../../../machines/payment.machine';
import type { PayChannelCode } from '../../api/orders';
import { usePhone } from '../../shared/use-phone';
import { useAppActor, useCurrentUser, type ModalComponentProps } from '../../shared/app-actor';
import { Dialog } from '../../shared/ui/dialog';
import { LinesSkeleton } from '../../shared/ui/states';
import { newRequestId, PayModalPropsSchema } from './order-text';
import { PayEditor } from './pay-editor';
import { CartCheckout } from './cart-pay-editor';
import { LeaveConfirm, OrderPayForm, PayClosed, PayFailed, PayWaiting } from './pay-progress';
import { ORDERS_KEY } from './queries';
import { payReturnSettled, PAY_RETURN_PENDING } from './pay-return';
import { usePaymentSelector } from './use-payment';
import './order.css';

export function PayModal({ onClose, props }: ModalComponentProps) {
  const actor = useAppActor();
  const queryClient = useQueryClient();
  // Once per props: the sheets report their choices on every change of what they were opened with (a cart's lines).
  const parsed = useMemo(() => PayModalPropsSchema.safeParse(props), [props]);
  const target = parsed.success ? parsed.data : null;
  const orderId = target && 'orderId' in target ? target.orderId : undefined;
  const [requestId] = useState(() => (target && 'requestId' in target && target.requestId) || newRequestId());
  const snapshot = usePaymentSelector((s) => s);
  // The account this dialog is for: the payment flow cancels or suspends the purchase if it changes.
  const currentUserId = useCurrentUser()?.userId ?? null;
  const [userId] = useState(currentUserId);

  const choose = useCallback((request: PurchaseRequest) => actor.send({ type: 'payment.choose', request }), [actor]);
  const quote = useCallback((shown: PriceQuote | null) => actor.send({ type: 'payment.quote', quote: shown }), [actor]);

  // A pay dialog always belongs to an account: one that mounts after a logout (its code was still
  // loading) closes instead of following whichever account logs in next.
  const valid = target !== null && userId !== null;
  const resume = target !== null && 'orderId' in target && target.resume === true;
  const fromCart = target !== null && 'goodsId' in target && target.cart !== undefined;
  useEffect(() => {
    if (valid) actor.send({ type: 'payment.open', requestId, orderId, userId, resume, fromCart });
    else if (userId === null) onClose();
  }, [actor, valid, requestId, orderId, userId, resume, fromCart, onClose]);

  const { context } = snapshot;
  // Back from a pay app: once the order's status is known, the page shows again (./pay-return.ts also
  // uncovers it when the dialogs close first).
  const statusKnown = Boolean(context.order) || isUnpayable(snapshot) || snapshot.hasTag('payment:failed');
  useEffect(() => {
    if (resume && statusKnown) payReturnSettled();
  }, [resume, statusKnown]);

  // Whatever happened (paid, left, expired), the order lists are out of date once the modal goes away.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: ORDERS_KEY }), [queryClient]);

  const active = snapshot.hasTag('payment:active');
  const confirming = snapshot.hasTag('payment:confirmingLeave');
  const close = () => {
    if (confirming) actor.send({ type: 'payment.stay' });
    else if (active) actor.send({ type: 'payment.close' });
    else onClose();
  };
  const busy = isSubmitting(snapshot);
  // A phone pays in the channel's app (docs/buying.md, "Paying on a phone"); a desktop scans the QR code.
  const phone = usePhone();
  const submit = (channel: PayChannelCode, shown?: PriceQuote) =>
    actor.send({ type: 'payment.submit', channel, draft: shown?.draft, due: shown?.due, h5: phone });

  let body;
  if (!target) {
    body = (
      <p role="alert" className="form-error">
        支付信息有误，请返回重试
      </p>
    );
  } else if (snapshot.hasTag('payment:failed')) {
    body = (
      <PayFailed
        canRetry={snapshot.can({ type: 'payment.retry', requestId: '' })}
        onRetry={() => actor.send({ type: 'payment.retry', requestId: newRequestId() })}
        onClose={close}
      />
    );
  } else if (isUnpayable(snapshot)) {
    body = (
      <PayClosed
        orderId={context.order?.orderId ?? orderId ?? null}
        status={context.status}
        error={context.error}
        onClose={close}
      />
    );
  } else if (
    (snapshot.hasTag('payment:awaiting') || (context.h5 && snapshot.hasTag('payment:paying'))) &&
    context.order
  ) {
    // On a phone whose server gave no H5 page, the QR code or link as on a desktop.
    const inApp =
      context.h5 && (context.payment === null || Boolean(context.payment.h5Url))
        ? channelOrDefault(context.channel)
        : null;
    body = (
      <PayWaiting
        order={context.order}
        payment={context.payment}
        inApp={inApp}
        returned={context.resuming}
        busy={busy}
        onReopen={(channel) => submit(channel)}
      />
    );
  } else if (context.order) {
    body = (
      <OrderPayForm
        order={context.order}
        busy={busy}
        error={context.error}
        phone={phone}
        onSubmit={(channel) => submit(channel)}
      />
    );
  } else if ('goodsId' in target && target.cart) {
    body = (
      <CartCheckout
        cart={target.cart}
        resumed={target.choices ?? null}
        busy={busy}
        error={context.error}
        onChoose={choose}
        onQuote={quote}
        phone={phone}
        onSubmit={(shown, channel) => submit(channel, shown)}
      />
    );
  } else if ('goodsId' in target) {
    body = (
      <PayEditor
        goodsId={target.goodsId}
        gameId={target.gameId}
        initialBuyNum={target.buyNum}
        resumed={target.choices ?? null}
        busy={busy}
        error={context.error}
        onChoose={choose}
        onQuote={quote}
        phone={phone}
        onSubmit={(shown, channel) => submit(channel, shown)}
      />
    );
  } else if (resume) {
    // Back from a pay app: the page behind is covered until this knows the order's status (./pay-return.ts).
    body = <PayReturnPending />;
  } else {
    body = <LinesSkeleton label="订单" lines={3} />;
  }

  return (
    <Dialog title="支付订单" onClose={close} wide sheet closeLabel={isPaying(snapshot) ? '离开支付' : '关闭'}>
      {confirming ? (
        <LeaveConfirm
          onLeave={() => actor.send({ type: 'payment.leave' })}
          onStay={() => actor.send({ type: 'payment.stay' })}
        />
      ) : null}
      {body}
    </Dialog>
  );
}

function PayReturnPending() {
  return (
    <p role="status" className="pay-return-pending">
      {PAY_RETURN_PENDING}
    </p>
  );
}
