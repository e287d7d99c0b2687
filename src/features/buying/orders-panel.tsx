/**
 * Personal centre, tab 我的订单 (`/setting?type=0&status=&page=`): the
 * user's orders, newest first, ten per page, filtered by status (toggle
 * buttons, the chosen one pressed: the main states in one row that fits a phone, the rest behind 更多,
 * shown at once when one of them is chosen). Each row's order number stays on one line with 复制订单号. The filter and the page live in the URL
 * (back and forward work, a link can be shared). Each row links to
 * `/orderDateil?id=`; rows with codes add 查看激活码 (the order's key card,
 * focused), unpaid rows 继续支付, which opens the pay modal for that order.
 * Orders are refetched every time the panel shows (statuses change on their
 * own: payment, expiry, refunds).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { CopyButton } from '../../shared/ui/copy-button';
import { pageCount, Pager } from '../../shared/ui/pagination';
import type { Order, OrderStatus } from '../../api/orders';
import { useCurrentUser } from '../../shared/app-actor';
import { EmptyState, ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { KEY_CARD_ID } from './key-card';
import { ORDER_LOAD_FAILED } from './load-failed';
import { ORDER_STATUS_TEXT, orderTitle } from './order-text';
import { orderListQuery, orderStatusOf, ORDER_PAGE_SIZE } from './queries';
import { formatDate } from '../../shared/format';
import { formatYuan } from '../../shared/money';
import './order.css';
import { SafeImage } from '../../shared/ui/safe-image';
import { ContinuePayButton } from './continue-pay-button';

const routeApi = getRouteApi('/detail-layout/setting');

/** The filter chips a phone's row holds: 全部 first, then the statuses a shopper looks for most. */
const MAIN_FILTERS: { status: OrderStatus | undefined; label: string }[] = [
  { status: undefined, label: '全部' },
  { status: 'unpaid', label: ORDER_STATUS_TEXT.unpaid },
  { status: 'delivered', label: ORDER_STATUS_TEXT.delivered },
  { status: 'refunding', label: ORDER_STATUS_TEXT.refunding },
];

/** Behind 更多. */
const MORE_FILTERS: OrderStatus[] = ['paid', 'refunded', 'expired', 'failed', 'cancelled'];

export function OrdersPanel() {
  const user = useCurrentUser();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const status = orderStatusOf(search.status);
  const page = search.page ?? 1;
  const orders = useQuery({
    ...orderListQuery(user?.userId ?? 0, page, status),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
  const goTo = (next: number) =>
    void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }), resetScroll: false });
  const filterBy = (next: OrderStatus | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, status: next, page: undefined }), resetScroll: false });

  return (
    <div className="orders-panel">
      <OrderFilters status={status} onFilter={filterBy} />
      {orders.isPending ? <LinesSkeleton label="我的订单" lines={4} /> : null}
      {orders.isError ? (
        <ErrorState error={orders.error} title={ORDER_LOAD_FAILED} onRetry={() => void orders.refetch()} />
      ) : null}
      {orders.isSuccess && orders.data.list.length === 0 ? (
        <EmptyState title={status ? `暂无${ORDER_STATUS_TEXT[status]}订单` : '暂无订单'}>
          {page > 1 ? (
            <button type="button" className="button" onClick={() => goTo(1)}>
              回到第一页
            </button>
          ) : null}
        </EmptyState>
      ) : null}
      {orders.isSuccess && orders.data.list.length > 0 ? (
        <>
          <ul
            className="stack-list setting-list"
            aria-label="订单列表"
            aria-busy={orders.isPlaceholderData || undefined}
          >
            {orders.data.list.map((order) => (
              <OrderRow key={order.orderId} order={order} />
            ))}
          </ul>
          <Pager
            label="订单分页"
            page={page}
            totalPages={pageCount(orders.data.total, ORDER_PAGE_SIZE)}
            onPage={goTo}
          />
        </>
      ) : null}
    </div>
  );
}

function OrderFilters({
  status,
  onFilter,
}: {
  status: OrderStatus | undefined;
  onFilter: (status: OrderStatus | undefined) => void;
}) {
  const moreId = useId();
  const chosenMore = status !== undefined && MORE_FILTERS.includes(status);
  const [more, setMore] = useState(chosenMore);
  const chip = (value: OrderStatus | undefined, label: string) => (
    <button key={label} type="button" className="chip" aria-pressed={value === status} onClick={() => onFilter(value)}>
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="订单状态" className="order-filters">
      <div className="order-filters-main">
        {MAIN_FILTERS.map((filter) => chip(filter.status, filter.label))}
        <button
          type="button"
          className="chip order-filters-more"
          aria-expanded={more || chosenMore}
          aria-controls={moreId}
          disabled={chosenMore}
          onClick={() => setMore(!more)}
        >
          更多
        </button>
      </div>
      <div id={moreId} className="order-filters-rest" hidden={!(more || chosenMore)}>
        {MORE_FILTERS.map((value) => chip(value, ORDER_STATUS_TEXT[value]))}
      </div>
    </div>
  );
}

function OrderRow({ order }: { order: Order }) {
  const titleId = useId();
  const numberId = useId();
  const cover = order.items[0]?.cover;
  const hasKeys = order.cdks.length > 0 && (order.status === 'paid' || order.status === 'delivered');
  return (
    <li className="setting-row order-row">
      {cover ? <SafeImage src={cover} alt="" width={48} height={48} /> : null}
      <Link to="/orderDateil" search={{ id: order.orderId }} className="setting-row-link">
        <span id={titleId} className="setting-row-title">
          {orderTitle(order)}
        </span>
        <span className="setting-row-meta">{formatDate(order.createTime)}</span>
        <span className="setting-row-meta">
          实付 <span className="setting-row-amount">{formatYuan(order.payAmount)}</span> ·{' '}
          <span className={`order-status order-status-${order.status}`}>{ORDER_STATUS_TEXT[order.status]}</span>
        </span>
      </Link>
      <p className="order-number">
        <span id={numberId} className="order-number-id">
          订单号 {order.orderId}
        </span>
        <CopyButton text={order.orderId} label="复制订单号" describedBy={numberId} />
      </p>
      {hasKeys ? (
        <Link
          to="/orderDateil"
          search={{ id: order.orderId }}
          hash={KEY_CARD_ID}
          hashScrollIntoView={false}
          className="button button-primary"
          aria-describedby={titleId}
        >
          查看激活码
        </Link>
      ) : null}
      {order.status === 'unpaid' ? <ContinuePayButton orderId={order.orderId} /> : null}
    </li>
  );
}
