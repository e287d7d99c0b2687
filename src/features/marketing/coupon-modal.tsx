/**
 * The daily coupon popup's dialog, named 领取优惠券 (opened by the
 * `couponPopup` machine with `{ coupons }` as props, checked with zod here:
 * modal props are a boundary). Each coupon shows its amount, threshold and
 * expiry. A logged-in shopper's coupons are already in the account: each has
 * a 去使用 button that closes the dialog and goes where the coupon can be used
 * (the game's page for a single-game coupon, else /search). An anonymous
 * visitor's are not claimed yet: nothing to use, so the one action is
 * 登录领取, which swaps this dialog for login (logging in hands a new account
 * the popup's coupons).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { CouponSchema, type Coupon } from '../../api/common';
import { useCurrentUser, useModals, type ModalComponentProps } from '../../shared/app-actor';
import { Dialog } from '../../shared/ui/dialog';
import { MY_COUPONS_KEY } from './coupons-panel';
import { couponAmount, couponExpiry, couponTarget, couponThreshold } from './coupon-text';
import './marketing.css';

/** @internal */
export const COUPON_MODAL_TITLE = '领取优惠券';

const PropsSchema = z.object({ coupons: z.array(CouponSchema) });

export function CouponModal({ onClose, props }: ModalComponentProps) {
  const parsed = PropsSchema.safeParse(props);
  const coupons: Coupon[] = parsed.success ? parsed.data.coupons : [];
  const user = useCurrentUser();
  const modals = useModals();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // 已到账: the popup's call handed these to the account just now, so a list of the account's coupons asked
  // before it (the personal centre's 可用券 and 我的优惠券, on the page behind) is out of date.
  const received = user !== null && coupons.length > 0;
  useEffect(() => {
    if (received) void queryClient.invalidateQueries({ queryKey: MY_COUPONS_KEY });
  }, [received, queryClient]);

  const goToUse = (coupon: Coupon) => {
    onClose();
    void navigate(couponTarget(coupon.gameIds));
  };
  const login = () => {
    onClose();
    modals.open('login');
  };

  return (
    <Dialog title={COUPON_MODAL_TITLE} onClose={onClose}>
      {user && coupons.length > 0 ? <p className="coupon-popup-count">{coupons.length} 张券已到账</p> : null}
      <p className="coupon-popup-lead">
        {user ? '以下优惠券已放入您的账户，下单时自动抵扣。' : '今日专享优惠券，登录后即可领取使用。'}
      </p>
      {coupons.length === 0 ? (
        <p>暂时没有可领取的优惠券。</p>
      ) : (
        <ul className="coupon-list" aria-label="优惠券列表">
          {coupons.map((coupon) => (
            <li key={coupon.couponId} className="coupon-ticket">
              <span className="coupon-value">
                <strong className="coupon-amount">{couponAmount(coupon.amount)}</strong>
                <span className="coupon-threshold">{couponThreshold(coupon.threshold)}</span>
              </span>
              <span className="coupon-body">
                <span className="coupon-title">{coupon.title}</span>
                <span className="coupon-expiry">{couponExpiry(coupon.expireTime)}</span>
              </span>
              {user ? (
                <button type="button" className="button button-small" onClick={() => goToUse(coupon)}>
                  去使用
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {user ? null : (
        <div className="button-row">
          <button type="button" className="button button-primary" onClick={login}>
            登录领取
          </button>
        </div>
      )}
    </Dialog>
  );
}
