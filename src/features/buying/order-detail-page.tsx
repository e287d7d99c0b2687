/**
 * `/orderDateil?id=` (spelled as the spec spells it): one order of the
 * logged-in user. Items and amounts, coupon and pay channel, times as
 * `yyyy.MM.dd hh:mm:ss`, the status timeline, delivered codes with 复制, the
 * account the goods went to, 短信发送激活码, the gift, and the actions the
 * order's status allows: 继续支付 (unpaid: opens the pay modal for this
 * order) and 申请退款 (when the server says `refundable`).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { userMessage } from '../../api/errors';
import { postOrderSms, type Order } from '../../api/orders';
import { useCurrentUser, useModals } from '../../shared/app-actor';
import { toast } from '../../shared/toast';
import { usePageTitle } from '../shell';
import { ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { CdkList } from './cdk-list';
import { GiftSection } from './gift-section';
import { ORDER_LOAD_FAILED } from './load-failed';
import { canRequestRefund, hasAccountDelivery, ORDER_STATUS_TEXT, PAY_CHANNEL_TEXT, SMS_SENT } from './order-text';
import { orderAccountQuery, orderDetailQuery } from './queries';
import { useSingleFlight } from '../../shared/use-single-flight';
import { formatDate } from '../../shared/format';
import { formatYuan } from '../../shared/money';
import './order.css';

export function OrderDetailPage() {
  const { id } = useSearch({ from: '/detail-layout/orderDateil' });
  const user = useCurrentUser();
  const modals = useModals();
  usePageTitle(id ? `订单 ${id}` : undefined);
  const query = useQuery({ ...orderDetailQuery(user?.userId ?? 0, id), enabled: Boolean(id && user) });

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
  if (query.isPending) return <LinesSkeleton label="订单详情" lines={6} />;
  if (query.isError) {
    return (
      <section className="section">
        <h1>订单详情</h1>
        <ErrorState error={query.error} title={ORDER_LOAD_FAILED} onRetry={() => void query.refetch()} />
        <Link to="/setting" search={{ type: 0 }}>
          查看我的订单
        </Link>
      </section>
    );
  }
  return <OrderDetail order={query.data} userId={user.userId} />;
}

function OrderDetail({ order, userId }: { order: Order; userId: number }) {
  const modals = useModals();
  const toAccount = order.status === 'delivered' && hasAccountDelivery(order);
  const account = useQuery({ ...orderAccountQuery(userId, order.orderId), enabled: toAccount });
  const sms = useMutation({
    mutationFn: () => postOrderSms(order.orderId),
    onSuccess: () => toast.success(SMS_SENT),
    onError: (error) => toast.error(userMessage(error)),
  });
  // One request at a time: a double click would otherwise send two and show a success and a rate-limit toast together.
  const singleFlight = useSingleFlight();

  return (
    <section className="section order-detail" aria-labelledby="order-title">
      <h1 id="order-title">订单详情</h1>
      <dl className="order-facts">
        <dt>订单号</dt>
        <dd>{order.orderId}</dd>
        <dt>订单状态</dt>
        <dd>
          <span className={`order-status order-status-${order.status}`}>{ORDER_STATUS_TEXT[order.status]}</span>
        </dd>
        <dt>下单时间</dt>
        <dd>{formatDate(order.createTime)}</dd>
        {order.payTime ? (
          <>
            <dt>支付时间</dt>
            <dd>{formatDate(order.payTime)}</dd>
          </>
        ) : null}
        {order.status === 'unpaid' ? (
          <>
            <dt>支付截止</dt>
            <dd>{formatDate(order.expireTime)}</dd>
          </>
        ) : null}
        <dt>支付方式</dt>
        <dd>{order.payChannel ? PAY_CHANNEL_TEXT[order.payChannel] : '未支付'}</dd>
        <dt>商品金额</dt>
        <dd>{formatYuan(order.totalAmount)}</dd>
        <dt>优惠券</dt>
        <dd>{order.coupon ? `${order.coupon.title}（-${formatYuan(Math.min(order.coupon.amount, order.totalAmount))}）` : '未使用'}</dd>
        <dt>优惠金额</dt>
        <dd>{order.discountAmount > 0 ? `-${formatYuan(order.discountAmount)}` : '无'}</dd>
        <dt>实付金额</dt>
        <dd>{formatYuan(order.payAmount)}</dd>
        {order.refundReason ? (
          <>
            <dt>退款原因</dt>
            <dd>{order.refundReason}</dd>
          </>
        ) : null}
        {toAccount && account.data ? (
          <>
            <dt>充值账号</dt>
            <dd>
              {account.data.account}（{account.data.nickname}）
            </dd>
          </>
        ) : null}
      </dl>

      <div className="order-actions">
        {order.status === 'unpaid' ? (
          <button type="button" className="button button-primary" onClick={() => modals.open('pay', { orderId: order.orderId })}>
            继续支付
          </button>
        ) : null}
        {canRequestRefund(order) ? (
          <button type="button" className="button" onClick={() => modals.open('refund', { orderId: order.orderId })}>
            申请退款
          </button>
        ) : null}
      </div>

      <section aria-labelledby="order-items-title">
        <h2 id="order-items-title">商品</h2>
        <ul className="order-items">
          {order.items.map((item) => (
            <li key={item.goodsId}>
              <img src={item.cover} alt="" width={56} height={56} />
              <span>
                <Link to="/gameDetail/$id" params={{ id: String(item.gameId) }}>
                  {item.gameName}
                </Link>{' '}
                · {item.goodsName} × {item.buyNum}（单价 {formatYuan(item.price)}）
              </span>
            </li>
          ))}
        </ul>
      </section>

      {order.cdks.length > 0 ? (
        <section aria-labelledby="order-cdk-title">
          <h2 id="order-cdk-title">激活码</h2>
          <CdkList cdks={order.cdks} />
          {order.status === 'delivered' ? (
            <button
              type="button"
              className="button"
              disabled={sms.isPending}
              onClick={(event) => {
                // The second click of a double click is no second request (its answer may already be in).
                if (event.detail > 1) return;
                singleFlight(() => sms.mutateAsync());
              }}
            >
              短信发送激活码
            </button>
          ) : null}
        </section>
      ) : null}

      <GiftSection order={order} />

      <section aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title">订单进度</h2>
        <ol className="order-timeline" aria-label="订单进度">
          {order.timeline.map((entry, index) => (
            <li key={`${entry.status}-${index}`}>
              {ORDER_STATUS_TEXT[entry.status]} <time dateTime={new Date(entry.time).toISOString()}>{formatDate(entry.time)}</time>
            </li>
          ))}
        </ol>
      </section>

      <Link to="/setting" search={{ type: 0 }}>
        返回我的订单
      </Link>
    </section>
  );
}
