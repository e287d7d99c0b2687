/**
 * The pay success modal (dialog 支付成功), opened by the payment flow with
 * `{ orderId }` once the order is paid. It opens with what was bought: the key
 * card (codes with 复制激活码, the 标记为已兑换 mark, the activation steps) or
 * the account the goods were credited to; then what was bought and the amount
 * paid, the gift when the order carries one, and links to the order and the store.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import type { Order } from '../../api/orders';
import { useCurrentUser, type ModalComponentProps } from '../../shared/app-actor';
import { ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { Dialog } from '../../shared/ui/dialog';
import { GiftSection } from './gift-section';
import { KeyCard } from './key-card';
import { hasAccountDelivery, PAY_CHANNEL_TEXT } from './order-text';
import { orderAccountQuery, orderDetailQuery, ORDERS_KEY } from './queries';
import { formatYuan } from '../../shared/money';
import './order.css';
import { SafeImage } from '../../shared/ui/safe-image';

const PropsSchema = z.object({ orderId: z.string().check(z.minLength(1)) });

export function PaySuccessModal({ onClose, props }: ModalComponentProps) {
  const parsed = PropsSchema.safeParse(props);
  const queryClient = useQueryClient();
  // The order lists and the detail page behind this modal show the order as unpaid until they refetch.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  }, [queryClient]);
  return (
    <Dialog title="支付成功" onClose={onClose} wide>
      {parsed.success ? (
        <SuccessBody orderId={parsed.data.orderId} onClose={onClose} />
      ) : (
        <p>订单已支付，可在我的订单中查看。</p>
      )}
    </Dialog>
  );
}

function SuccessBody({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const user = useCurrentUser();
  const order = useQuery({ ...orderDetailQuery(user?.userId ?? 0, orderId), enabled: user !== null });
  return (
    <div className="pay-outcome">
      <p className="pay-success-lead">支付成功，感谢您的购买！</p>
      {order.isPending ? <LinesSkeleton label="订单信息" lines={3} /> : null}
      {order.isError ? (
        <ErrorState error={order.error} title="订单信息加载失败" onRetry={() => void order.refetch()} />
      ) : null}
      {order.data ? <Delivery order={order.data} userId={user?.userId ?? 0} /> : null}
      <div className="dialog-actions">
        <Link to="/orderDateil" search={{ id: orderId }} className="button" onClick={onClose}>
          查看订单
        </Link>
        <Link to="/" className="button button-primary" onClick={onClose}>
          继续购物
        </Link>
      </div>
    </div>
  );
}

function Delivery({ order, userId }: { order: Order; userId: number }) {
  const toAccount = hasAccountDelivery(order);
  const account = useQuery({ ...orderAccountQuery(userId, order.orderId), enabled: toAccount });
  return (
    <>
      <KeyCard order={order} userId={userId} heading="h3" />
      {toAccount ? (
        <p>
          {account.data ? (
            <>
              已充值到账号 <strong>{account.data.account}</strong>（{account.data.nickname}）
            </>
          ) : account.isError ? null : (
            '正在查询充值账号…'
          )}
        </p>
      ) : null}
      <ul className="stack-list order-items" aria-label="购买的商品">
        {order.items.map((item) => (
          <li key={item.goodsId}>
            <SafeImage src={item.cover} alt="" width={48} height={48} />
            <span>
              {item.gameName} · {item.goodsName} × {item.buyNum}
            </span>
          </li>
        ))}
      </ul>
      <p>
        实付金额 <strong>{formatYuan(order.payAmount)}</strong>
        {order.payChannel ? <span className="order-muted">（{PAY_CHANNEL_TEXT[order.payChannel]}）</span> : null}
      </p>
      {order.cdks.length > 0 ? (
        <p className="order-muted">激活码可在订单详情与「个人中心 → 我的激活码」中随时查看。</p>
      ) : null}
      <GiftSection order={order} />
    </>
  );
}
