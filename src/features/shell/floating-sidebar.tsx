import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { DICT_KEYS, dictTextQueryOptions } from '../../api/dictionary';
import { useCurrentUser, useModals, useOptionalAppActor } from '../../shared/app-actor';
import { useHydrated } from '../../shared/hydration';
import { CartCount } from '../cart';
import { toast } from '../../shared/toast';
import { config } from '../../shared/env';
import { safeImageSrc } from '../../shared/safe-url';

/*
 * The floating 订单 / 购物车 / 客服 / 返回顶部 (spec section 2; 购物车 is the cart's, docs/cart.md). Where it sits is CSS only (src/shared/styles.css,
 * "Sidebar"): a row in the flow after main on phones, a fixed column beside main from 640 px; neither covers
 * main's content, which the e2e audit checks on every screen (tests/e2e/support/audit.ts).
 */
const BACK_TO_TOP_THRESHOLD_PX = 200;

/**
 * Spec: the sidebar shows on every page except paths under /sem and /coupon.
 * @internal
 */
export function showsSidebar(pathname: string): boolean {
  return !(/^\/sem(\/|$)/.test(pathname) || /^\/coupon(\/|$)/.test(pathname));
}

function useScrolledPast(threshold: number): boolean {
  // Not scrolled until mounted: a prerendered page is hydrated against HTML made unscrolled, and a shopper may
  // have scrolled it before the app started (a back-to-top button there would not match it). The effect reads
  // the real position at once.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

function CustomerServiceQr() {
  const { data } = useQuery(dictTextQueryOptions(DICT_KEYS.qqQrcode, 'QQ_code'));
  const src = safeImageSrc(data);
  if (!src) return null;
  return (
    <span className="sidebar-qr" role="tooltip" id="kefu-qr">
      <img src={src} alt="QQ 客服群二维码" width={120} height={120} loading="lazy" />
      <span>扫码加入 QQ 客服群</span>
    </span>
  );
}

export function FloatingSidebar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const user = useCurrentUser();
  const modals = useModals();
  const navigate = useNavigate();
  const scrolled = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX);
  const actor = useOptionalAppActor();
  const countReady = useHydrated() && actor !== null;
  if (!showsSidebar(pathname)) return null;

  const openOrders = () => {
    if (!user) {
      toast.warning('请先登录');
      modals.open('login');
      return;
    }
    void navigate({ to: '/setting', search: { type: 0 } });
  };

  return (
    <aside className="floating-sidebar" aria-label="快捷入口">
      <button type="button" className="sidebar-item" onClick={openOrders}>
        <span className="icon icon-orders" aria-hidden="true" />
        订单
      </button>
      <Link to="/cart" className="sidebar-item sidebar-cart">
        <span className="icon icon-cart" aria-hidden="true" />
        购物车
        {countReady ? (
          <Suspense fallback={null}>
            <CartCount className="sidebar-cart-count" />
          </Suspense>
        ) : null}
      </Link>
      <span className="sidebar-kefu">
        <a
          className="sidebar-item"
          href={config.customerServiceUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby="kefu-qr"
        >
          <span className="icon icon-service" aria-hidden="true" />
          客服
        </a>
        <CustomerServiceQr />
      </span>
      {scrolled ? (
        <button type="button" className="sidebar-item" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
          <span className="icon icon-top" aria-hidden="true" />
          返回顶部
        </button>
      ) : null}
    </aside>
  );
}
