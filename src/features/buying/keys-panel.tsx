/**
 * Personal centre, tab 我的激活码 (`/setting?type=3`): every key the account bought, newest first, each with
 * its game and goods, the key with 复制激活码, its 标记为已兑换 mark (the same as on the order's key card) and
 * a link to the order. Read from the order list (delivered orders, all pages); the account's own, like every
 * order query.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Order } from '../../api/orders';
import { useCurrentUser } from '../../shared/app-actor';
import { formatDate } from '../../shared/format';
import { EmptyState, ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { KEY_CARD_ID, KeyCode } from './key-card';
import { goodsPromise } from '../../api/goods-promise';
import { keysByItem } from './promise';
import { orderKeysQuery } from './queries';
import { useRedeemed } from './redeemed';
import './order.css';

const LIST_LABEL = '激活码列表';

export function KeysPanel() {
  const user = useCurrentUser();
  const keys = useQuery({ ...orderKeysQuery(user?.userId ?? 0), enabled: user !== null });
  if (!user) return null;
  if (keys.isPending) return <LinesSkeleton label={LIST_LABEL} lines={3} />;
  if (keys.isError) return <ErrorState error={keys.error} title="激活码加载失败" onRetry={() => void keys.refetch()} />;
  if (keys.data.length === 0) {
    return (
      <EmptyState title="暂无激活码">
        <Link to="/" className="button">
          去逛逛
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="stack-list keys-list" aria-label={LIST_LABEL}>
      {keys.data.map((order) => (
        <OrderKeys key={order.orderId} order={order} userId={user.userId} />
      ))}
    </ul>
  );
}

function OrderKeys({ order, userId }: { order: Order; userId: number }) {
  const [redeemed, mark] = useRedeemed(userId, order.orderId);
  const titleId = useId();
  return keysByItem(order).map((group, groupIndex) => (
    <li key={group.goodsName} className="keys-row" aria-labelledby={`${titleId}-${groupIndex}`}>
      <p id={`${titleId}-${groupIndex}`} className="setting-row-title">
        {group.item ? `${group.item.gameName} · ` : ''}
        {group.goodsName}
      </p>
      <p className="setting-row-meta">
        订单号 {order.orderId} · {formatDate(order.payTime ?? order.createTime)}
      </p>
      {group.codes.map(({ code, index }) => (
        <KeyCode
          key={index}
          code={code}
          platform={group.item ? goodsPromise(group.item).platform : undefined}
          redeemed={redeemed.includes(index)}
          onRedeemedChange={(on) => mark(index, on)}
        />
      ))}
      <Link
        to="/orderDateil"
        search={{ id: order.orderId }}
        hash={KEY_CARD_ID}
        hashScrollIntoView={false}
        aria-describedby={`${titleId}-${groupIndex}`}
      >
        查看订单
      </Link>
    </li>
  ));
}
