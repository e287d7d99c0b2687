/**
 * `/orderDateil?id=` (spelled as the spec spells it): one order of the
 * logged-in user. It opens with the key card (the codes with 复制激活码, the
 * 标记为已兑换 mark, the activation steps and 短信发送激活码; focused when the
 * link asked for `#key`), then the facts: items and amounts, coupon and pay
 * channel, times as `yyyy.MM.dd hh:mm:ss`, the account the goods went to, the
 * store's promise and where the order stands with refunds, the gift, the
 * status timeline, and the actions the order's status allows: 继续支付
 * (unpaid: opens the pay modal for this order) and 申请退款 (when the server
 * says `refundable`).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useRouterState, useSearch } from '@tanstack/react-router';
import { userMessage } from '../../api/errors';
import { postOrderSms, type Order } from '../../api/orders';
import { useCurrentUser, useModals } from '../../shared/app-actor';
import { toast } from '../../shared/toast';
import { usePageTitle } from '../shell';
import { ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { GiftSection } from './gift-section';
import { KEY_CARD_ID, KeyCard } from './key-card';
import { ORDER_LOAD_FAILED } from './load-failed';
import { canRequestRefund, hasAccountDelivery, ORDER_STATUS_TEXT, PAY_CHANNEL_TEXT, SMS_SENT } from './order-text';
import { orderFacts, refundState } from './promise';
import { orderAccountQuery, orderDetailQuery } from './queries';
import { FactList } from './trust-strip';
import { useSingleFlight } from '../../shared/use-single-flight';
import { formatDate } from '../../shared/format';
import { formatYuan } from '../../shared/money';
import './order.css';
import { SafeImage } from '../../shared/ui/safe-image';
import { ContinuePayButton } from './continue-pay-button';

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
  const toKey = useRouterState({ select: (state) => state.location.hash === KEY_CARD_ID });
  const refund = refundState(order);

  return (
    <section className="section order-detail" aria-labelledby="order-title">
      <h1 id="order-title">订单详情</h1>
      <KeyCard order={order} userId={userId} focusOnMount={toKey} voided={order.status === 'refunded'}>
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
      </KeyCard>
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
        <dd>
          {order.coupon
            ? `${order.coupon.title}（-${formatYuan(Math.min(order.coupon.amount, order.totalAmount))}）`
            : '未使用'}
        </dd>
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

      <div className="order-promise">
        <FactList facts={orderFacts(order)} />
        {refund ? <p className="order-refund-state">{refund}</p> : null}
      </div>

      <div className="order-actions">
        {order.status === 'unpaid' ? <ContinuePayButton orderId={order.orderId} /> : null}
        {canRequestRefund(order) ? (
          <button type="button" className="button" onClick={() => modals.open('refund', { orderId: order.orderId })}>
            申请退款
          </button>
        ) : null}
      </div>

      <section aria-labelledby="order-items-title">
        <h2 id="order-items-title">商品</h2>
        <ul className="stack-list order-items">
          {order.items.map((item) => (
            <li key={item.goodsId}>
              <SafeImage src={item.cover} alt="" width={56} height={56} />
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

      <GiftSection order={order} />

      <section aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title">订单进度</h2>
        <ol className="order-timeline" aria-label="订单进度">
          {order.timeline.map((entry, index) => (
            <li key={`${entry.status}-${index}`}>
              {ORDER_STATUS_TEXT[entry.status]}{' '}
              <time dateTime={new Date(entry.time).toISOString()}>{formatDate(entry.time)}</time>
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
