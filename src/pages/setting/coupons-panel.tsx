/**
 * Personal centre, tab 我的优惠券 (`/setting?type=1`): the user's coupons with
 * amount, threshold and expiry. A minimal version; the buying flow owns this
 * panel and may replace it.
 */
import { useQuery } from '@tanstack/react-query';
import { getMyCoupons } from '../../api/coupons';
import type { Coupon } from '../../api/common';
import { useCurrentUser } from '../../app/hooks';
import { EmptyState, ErrorState, LinesSkeleton } from '../../components/catalog/states';
import { formatDate } from '../../lib/format';
import { formatYuan } from '../../lib/money';

const STATUS_TEXT: Record<Coupon['status'], string> = { available: '可使用', used: '已使用', expired: '已过期' };

export function CouponsPanel() {
  const user = useCurrentUser();
  const coupons = useQuery({
    queryKey: ['setting', 'coupons', user?.userId ?? null],
    queryFn: ({ signal }) => getMyCoupons(undefined, { signal }),
    enabled: user !== null,
  });
  if (coupons.isPending) return <LinesSkeleton label="我的优惠券" lines={3} />;
  if (coupons.isError) return <ErrorState error={coupons.error} onRetry={() => void coupons.refetch()} />;
  if (coupons.data.length === 0) return <EmptyState title="暂无优惠券" />;
  return (
    <ul className="setting-list" aria-label="优惠券列表">
      {coupons.data.map((coupon) => (
        <li key={coupon.couponId} className={`setting-row coupon-row coupon-${coupon.status}`}>
          <span className="coupon-amount">{formatYuan(coupon.amount)}</span>
          <span className="setting-row-title">
            {coupon.title}
            <span className="setting-row-meta">{coupon.threshold > 0 ? `满${formatYuan(coupon.threshold)}可用` : '无门槛'}</span>
          </span>
          <span className="setting-row-meta">有效期至 {formatDate(coupon.expireTime, 'yyyy.MM.dd')}</span>
          <span className="coupon-status">{STATUS_TEXT[coupon.status]}</span>
        </li>
      ))}
    </ul>
  );
}
