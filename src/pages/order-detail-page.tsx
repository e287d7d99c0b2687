import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { userMessage } from '../api/errors';
import { orderQueryOptions, type OrderStatus } from '../api/orders';
import { useCurrentUser, useModals } from '../app/hooks';
import { usePageTitle } from '../app/use-document-title';
import { formatDate } from '../lib/format';
import { formatYuan } from '../lib/money';

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  unpaid: '待支付',
  paid: '已支付',
  delivered: '已发货',
  cancelled: '已取消',
  expired: '已过期',
  failed: '支付失败',
  refunding: '退款中',
  refunded: '已退款',
};

/** `/orderDateil?id=` (spelled as the spec spells it): one order of the logged-in user. */
export function OrderDetailPage() {
  const { id } = useSearch({ from: '/detail-layout/orderDateil' });
  const user = useCurrentUser();
  const modals = useModals();
  usePageTitle(id ? `订单 ${id}` : undefined);
  const query = useQuery({ ...orderQueryOptions(id), enabled: Boolean(id && user) });

  if (!id) {
    return (
      <section className="section">
        <h1>订单详情</h1>
        <p>缺少订单号。</p>
        <Link to="/setting" search={{ type: 0 }}>
          查看我的订单
        </Link>
      </section>
    );
  }
  if (!user) {
    return (
      <section className="section">
        <h1>订单详情</h1>
        <p>登录后查看订单详情。</p>
        <button type="button" className="button button-primary" onClick={() => modals.open('login')}>
          登录
        </button>
      </section>
    );
  }
  if (query.isPending) return <div className="skeleton" style={{ height: 360 }} aria-label="正在加载订单" />;
  if (query.isError) {
    return (
      <section className="section" role="alert">
        <h1>订单详情</h1>
        <p>{userMessage(query.error)}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          重试
        </button>
      </section>
    );
  }
  const order = query.data;
  return (
    <section className="section" aria-labelledby="order-title">
      <h1 id="order-title">订单详情</h1>
      <dl className="order-facts">
        <dt>订单号</dt>
        <dd>{order.orderId}</dd>
        <dt>状态</dt>
        <dd>{ORDER_STATUS_TEXT[order.status]}</dd>
        <dt>下单时间</dt>
        <dd>{formatDate(order.createTime)}</dd>
        {order.payTime ? (
          <>
            <dt>支付时间</dt>
            <dd>{formatDate(order.payTime)}</dd>
          </>
        ) : null}
        <dt>商品金额</dt>
        <dd>{formatYuan(order.totalAmount)}</dd>
        <dt>优惠</dt>
        <dd>{order.discountAmount > 0 ? `-${formatYuan(order.discountAmount)}` : '无'}</dd>
        <dt>实付金额</dt>
        <dd>{formatYuan(order.payAmount)}</dd>
      </dl>
      <h2>商品</h2>
      <ul>
        {order.items.map((item) => (
          <li key={item.goodsId}>
            {item.gameName} · {item.goodsName} × {item.buyNum}（{formatYuan(item.price)}）
          </li>
        ))}
      </ul>
      {order.cdks.length > 0 ? (
        <>
          <h2>激活码</h2>
          <ul>
            {order.cdks.map((cdk) => (
              <li key={cdk.code}>
                {cdk.goodsName}：<code>{cdk.code}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
