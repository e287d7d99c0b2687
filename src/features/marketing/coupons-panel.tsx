/**
 * Personal centre, tab 我的优惠券 (`/setting?type=1`): the user's coupons
 * grouped 可使用 / 已使用 / 已过期, each with its amount, threshold, the games
 * it applies to and its validity. A used or expired coupon is grey with its
 * state stamped under the amount (styled with the personal centre, in
 * src/features/session/session.css, which the setting page loads).
 */
import { useQuery } from '@tanstack/react-query';
import { getMyCoupons } from '../../api/coupons';
import type { Coupon } from '../../api/common';
import { useCurrentUser } from '../../shared/app-actor';
import { EmptyState, ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { formatDate } from '../../shared/format';
import { formatYuan } from '../../shared/money';
import { ACCOUNT_SCOPED } from '../../api/account-scope';

type CouponStatus = Coupon['status'];

const COUPON_GROUPS: { status: CouponStatus; label: string }[] = [
  { status: 'available', label: '可使用' },
  { status: 'used', label: '已使用' },
  { status: 'expired', label: '已过期' },
];

function thresholdText(threshold: number): string {
  return threshold > 0 ? `满${formatYuan(threshold)}可用` : '无门槛';
}

/** The query of the account's coupons (its key's start): what else hands the account coupons refreshes it. */
export const MY_COUPONS_KEY = ['coupons', 'mine'] as const;

/** The signed-in shopper's coupons, every status (the tab's and the personal centre's overview's one query). */
function useMyCoupons() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [...MY_COUPONS_KEY, user?.userId ?? null],
    queryFn: ({ signal }) => getMyCoupons(undefined, { signal }),
    enabled: user !== null,
    staleTime: 0,
    meta: ACCOUNT_SCOPED,
  });
}

/** 可用券 in the personal centre's overview: the coupons still usable; undefined until known. */
export function useUsableCouponCount(): number | undefined {
  return useMyCoupons().data?.filter((coupon) => coupon.status === 'available').length;
}

export function CouponsPanel() {
  const coupons = useMyCoupons();
  if (coupons.isPending) return <LinesSkeleton label="我的优惠券" lines={3} />;
  if (coupons.isError)
    return <ErrorState error={coupons.error} title="优惠券加载失败" onRetry={() => void coupons.refetch()} />;
  if (coupons.data.length === 0) return <EmptyState title="暂无优惠券" />;
  return (
    <div className="coupon-groups">
      {COUPON_GROUPS.map((group) => {
        const list = coupons.data.filter((coupon) => coupon.status === group.status);
        const headingId = `coupon-group-${group.status}`;
        return (
          <section key={group.status} aria-labelledby={headingId}>
            <h3 id={headingId}>
              {group.label}（{list.length}）
            </h3>
            {list.length === 0 ? (
              <p className="muted">暂无{group.label}的优惠券</p>
            ) : (
              <ul className="stack-list setting-list" aria-label={`${group.label}的优惠券`}>
                {list.map((coupon) => (
                  <CouponRow
                    key={coupon.couponId}
                    coupon={coupon}
                    stamp={group.status === 'available' ? null : group.label}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function CouponRow({ coupon, stamp }: { coupon: Coupon; stamp: string | null }) {
  return (
    <li className={`my-coupon my-coupon-${coupon.status}`}>
      <span className="my-coupon-value">
        <span className="my-coupon-amount">{formatYuan(coupon.amount)}</span>
        {stamp ? <span className="my-coupon-stamp">{stamp}</span> : null}
      </span>
      <span className="my-coupon-body">
        <span className="my-coupon-title">{coupon.title}</span>
        <span className="my-coupon-meta">
          {thresholdText(coupon.threshold)} · {coupon.gameIds.length === 0 ? '全场通用' : '指定游戏可用'}
        </span>
        {coupon.description ? <span className="my-coupon-meta">{coupon.description}</span> : null}
      </span>
      <span className="my-coupon-meta my-coupon-dates">
        {formatDate(coupon.startTime, 'yyyy.MM.dd')} - {formatDate(coupon.expireTime, 'yyyy.MM.dd')}
      </span>
    </li>
  );
}
