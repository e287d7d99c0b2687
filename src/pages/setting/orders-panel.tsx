/**
 * Personal centre, tab 我的订单 (`/setting?type=0`): the user's orders, newest
 * first, each linking to its detail. A minimal version; the buying flow owns
 * this panel and may replace it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { getOrders, type OrderStatus } from '../../api/orders';
import { useCurrentUser } from '../../app/hooks';
import { EmptyState, ErrorState, LinesSkeleton } from '../../components/catalog/states';
import { formatDate } from '../../lib/format';
import { formatYuan } from '../../lib/money';

const STATUS_TEXT: Record<OrderStatus, string> = {
  unpaid: '待支付',
  paid: '已支付',
  delivered: '已发货',
  cancelled: '已取消',
  expired: '已过期',
  failed: '支付失败',
  refunding: '退款中',
  refunded: '已退款',
};

export function OrdersPanel() {
  const user = useCurrentUser();
  const orders = useQuery({
    // Keyed by user: another account logging in on this page never sees these rows.
    queryKey: ['setting', 'orders', user?.userId ?? null],
    queryFn: ({ signal }) => getOrders({ pageNum: 1, pageSize: 20 }, { signal }),
    enabled: user !== null,
  });
  if (orders.isPending) return <LinesSkeleton label="我的订单" lines={4} />;
  if (orders.isError) return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  if (orders.data.list.length === 0) return <EmptyState title="暂无订单" />;
  return (
    <ul className="setting-list" aria-label="订单列表">
      {orders.data.list.map((order) => (
        <li key={order.orderId} className="setting-row">
          <Link to="/orderDateil" search={{ id: order.orderId }} className="setting-row-link">
            <span className="setting-row-title">{order.items.map((item) => `${item.gameName} · ${item.goodsName}`).join('，') || order.orderId}</span>
            <span className="setting-row-meta">
              订单号 {order.orderId} · {formatDate(order.createTime)}
            </span>
          </Link>
          <span className={`order-status order-status-${order.status}`}>{STATUS_TEXT[order.status]}</span>
          <span className="setting-row-amount" aria-label={`实付 ${formatYuan(order.payAmount)}`}>
            {formatYuan(order.payAmount)}
          </span>
        </li>
      ))}
    </ul>
  );
}
