import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { userMessage } from '../../api/errors';
import { receiveGiftCdk, type Order } from '../../api/orders';
import { toast } from '../../shared/toast';
import { CopyButton } from '../../shared/ui/copy-button';
import { giftUnavailableText } from './order-text';
import { ORDERS_KEY } from './queries';
import { useSingleFlight } from '../../shared/use-single-flight';

/**
 * The gift that comes with some goods (`giftCdkGrant`): 领取赠品 shows its
 * code. Asking again returns the same code, so a claimed gift can be shown
 * again. Claiming ends the order's refundability (docs/api.md), which the
 * note says before the click, after what the gift is (`giftName`, docs/decisions/0019-money-path-trust-and-budget.md), so the shopper knows what the
 * refund is traded for.
 */
export function GiftSection({
  order,
}: {
  order: Pick<Order, 'orderId' | 'hasGift' | 'giftName' | 'giftClaimed' | 'status'>;
}) {
  const queryClient = useQueryClient();
  const codeId = useId();
  const receive = useMutation({
    mutationFn: () => receiveGiftCdk(order.orderId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
    onError: (error) => toast.error(userMessage(error)),
  });
  // One claim at a time: a double click lands twice before the button re-renders disabled.
  const singleFlight = useSingleFlight();
  if (!order.hasGift) return null;
  const payable = order.status === 'paid' || order.status === 'delivered';
  return (
    <section className="gift-section" aria-label="赠品">
      <h3>赠品</h3>
      {order.giftName && !receive.data ? <p className="gift-what">赠品内容：{order.giftName}</p> : null}
      {receive.data ? (
        <p className="gift-code">
          {receive.data.name}：
          <code id={codeId} className="cdk-code">
            {receive.data.code}
          </code>{' '}
          <CopyButton text={receive.data.code} describedBy={codeId} />
        </p>
      ) : payable ? (
        <>
          {order.giftClaimed ? null : <p className="order-muted">领取赠品后，本订单将不再支持退款。</p>}
          <button
            type="button"
            className="button"
            disabled={receive.isPending}
            onClick={() => singleFlight(() => receive.mutateAsync())}
          >
            {order.giftClaimed ? '查看赠品' : '领取赠品'}
          </button>
        </>
      ) : (
        <p className="order-muted">{giftUnavailableText(order.status)}</p>
      )}
    </section>
  );
}
