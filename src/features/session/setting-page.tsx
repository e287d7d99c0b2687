/**
 * Personal centre `/setting?type=`: tabs 我的订单 (0, the default), 我的优惠券
 * (1), 账号与实名 (2), 我的激活码 (3), 愿望单 (4) and 最近浏览 (5), the tab being the URL's `type`. Above them the
 * account's masked phone with a quiet 退出登录, and the overview: 待支付, 可用券, 激活码 and 愿望单降价 with their
 * counts, each a link to its tab (each count read by the query its tab reads). On a phone the tabs are a grid of
 * three, every one in reach. Logged-out visitors see a prompt whose
 * 登录 button opens the login modal; once logged in the same URL shows their
 * data (the page reads the session, nothing navigates). A visitor's 愿望单 (type 4) and 最近浏览 (type 5) are
 * kept in this browser: they show under the prompt.
 */
import { SETTING_TAB_LABELS } from '../../shared/setting-tabs';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Link } from '@tanstack/react-router';
import { Suspense, useCallback, type ReactNode } from 'react';
import { isLoggingOut } from '../../../machines/session.machine';
import { getOpenBindInfo, type RealNameInfo, type UserInfo } from '../../api/user';
import { useAppActor, useCurrentUser, useModals } from '../../shared/app-actor';
import { useSessionSelector } from '../../shared/session-selector';
import { Tabs } from '../../shared/ui/tabs';
import { formatDate, isNewUser, maskPhone } from '../../shared/format';
import { CouponsPanel, useUsableCouponCount } from '../marketing';
import { KeysPanel, OrdersPanel, startPurchase, useKeyCount, usePendingOrderCount } from '../buying';
import { RecentViewsPanel } from '../catalog';
import { WISHLIST_LOADING, WishlistDropCount, WishlistPanel, type WishlistBuy } from '../wishlist';
import { useAddToCartById } from '../cart';
import './session.css';
import { ACCOUNT_SCOPED } from '../../api/account-scope';

const routeApi = getRouteApi('/detail-layout/setting');

type TabKey = '0' | '1' | '2' | '3' | '4' | '5';

// 我的激活码 is the fourth tab, not a reordering: `type` values are the spec's and links to them exist.
const TABS: { key: TabKey; label: string }[] = [
  { key: '0', label: SETTING_TAB_LABELS[0] },
  { key: '1', label: SETTING_TAB_LABELS[1] },
  { key: '2', label: SETTING_TAB_LABELS[2] },
  { key: '3', label: SETTING_TAB_LABELS[3] },
  { key: '4', label: SETTING_TAB_LABELS[4] },
  { key: '5', label: SETTING_TAB_LABELS[5] },
];

function masked(phone: string): string {
  try {
    return maskPhone(phone);
  } catch {
    return phone;
  }
}

/** The wishlist's 立即购买 goes through the store's one purchase gate, as the game detail's does (one of the goods, 1). */
function useWishlistBuy(): (target: WishlistBuy) => void {
  const actor = useAppActor();
  return useCallback((target) => startPurchase(actor, { ...target, buyNum: 1 }), [actor]);
}

function WishlistTab({ owner }: { owner: number | null }) {
  const buy = useWishlistBuy();
  const addToCart = useAddToCartById();
  return (
    <Suspense fallback={<p role="status">{WISHLIST_LOADING}</p>}>
      <WishlistPanel key={owner ?? 'visitor'} buy={buy} addToCart={addToCart} />
    </Suspense>
  );
}

export function SettingPage() {
  const user = useCurrentUser();
  const modals = useModals();
  const search = routeApi.useSearch();
  if (!user) {
    return (
      <section className="setting-page">
        <h1>个人中心</h1>
        <div className="setting-login-prompt">
          <p>登录后即可查看订单、优惠券和账号信息</p>
          <button type="button" className="button button-primary" onClick={() => modals.open('login')}>
            登录
          </button>
        </div>
        {search.type === 4 ? <WishlistTab owner={null} /> : null}
        {search.type === 5 ? (
          <Suspense fallback={null}>
            <RecentViewsPanel />
          </Suspense>
        ) : null}
      </section>
    );
  }
  return <PersonalCentre user={user} />;
}

function PersonalCentre({ user }: { user: UserInfo }) {
  const actor = useAppActor();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const loggingOut = useSessionSelector(isLoggingOut);
  const selected = String(search.type) as TabKey;

  return (
    <section className="setting-page">
      <h1>个人中心</h1>
      <div className="setting-summary">
        <p className="setting-phone">{masked(user.telNum)}</p>
        <button
          type="button"
          className="link-button setting-logout"
          disabled={loggingOut}
          onClick={() => actor.send({ type: 'session.logout' })}
        >
          退出登录
        </button>
      </div>
      <Overview />
      <Tabs
        label="个人中心"
        className="setting-tabs"
        items={TABS}
        selected={selected}
        onSelect={(key) => void navigate({ search: (prev) => ({ ...prev, type: Number(key) }), resetScroll: false })}
      >
        {/* Keyed by the account: a panel keeps its last answer while the next page loads, never across accounts. */}
        {selected === '0' ? (
          <OrdersPanel key={user.userId} />
        ) : selected === '1' ? (
          <CouponsPanel key={user.userId} />
        ) : selected === '3' ? (
          <KeysPanel key={user.userId} />
        ) : selected === '4' ? (
          <WishlistTab owner={user.userId} />
        ) : selected === '5' ? (
          <Suspense fallback={null}>
            <RecentViewsPanel />
          </Suspense>
        ) : (
          <AccountPanel user={user} />
        )}
      </Tabs>
    </section>
  );
}

/**
 * The overview: what waits for the shopper, each a link to its tab. A count not known yet (loading, failed, a
 * list kept in this browser) shows a dash; the tiles keep their size either way.
 */
function Overview() {
  const pending = usePendingOrderCount();
  const coupons = useUsableCouponCount();
  const keys = useKeyCount();
  return (
    <nav aria-label="账户概览" className="setting-overview">
      <OverviewTile label="待支付" count={pending} search={{ type: 0, status: 'unpaid' }} urgent />
      <OverviewTile label="可用券" count={coupons} search={{ type: 1 }} />
      <OverviewTile label="激活码" count={keys} search={{ type: 3 }} />
      <Suspense fallback={<OverviewTile label="愿望单降价" count={undefined} search={{ type: 4 }} />}>
        <WishlistDropCount>
          {(count: number | undefined) => <OverviewTile label="愿望单降价" count={count} search={{ type: 4 }} urgent />}
        </WishlistDropCount>
      </Suspense>
    </nav>
  );
}

function OverviewTile({
  label,
  count,
  search,
  urgent = false,
}: {
  label: string;
  count: number | undefined;
  search: { type: number; status?: string };
  urgent?: boolean;
}): ReactNode {
  return (
    <Link
      to="/setting"
      search={search}
      resetScroll={false}
      className={`overview-tile${urgent && count ? ' is-urgent' : ''}`}
    >
      <span className="overview-label">{label}</span>
      {count === undefined ? (
        <span className="overview-count">
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">（加载中）</span>
        </span>
      ) : (
        <span className="overview-count"> {count}</span>
      )}
    </Link>
  );
}

function AccountPanel({ user }: { user: UserInfo }) {
  const realName = useSessionSelector((snapshot) => snapshot.context.realName);
  return (
    <div className="account-panel">
      <section aria-labelledby="account-heading">
        <h2 id="account-heading">账号信息</h2>
        <dl className="account-facts">
          <div>
            <dt>手机号</dt>
            <dd>
              {masked(user.telNum)}
              {isNewUser(user.createTime) ? <span className="badge badge-new">新用户</span> : null}
            </dd>
          </div>
          <div>
            <dt>注册时间</dt>
            <dd>{formatDate(user.createTime)}</dd>
          </div>
          <OpenBindRows userId={user.userId} />
        </dl>
      </section>
      <RealNameSection realName={realName} />
    </div>
  );
}

function OpenBindRows({ userId }: { userId: number }) {
  const bind = useQuery({
    queryKey: ['user', 'openBind', userId],
    queryFn: ({ signal }) => getOpenBindInfo({ signal }),
    meta: ACCOUNT_SCOPED,
  });
  // Unknown binding (loading or failed): the rows are simply not shown.
  if (!bind.data) return null;
  return (
    <>
      <div>
        <dt>微信</dt>
        <dd>
          {bind.data.wechatBound
            ? `已绑定${bind.data.wechatNickname ? `（${bind.data.wechatNickname}）` : ''}`
            : '未绑定'}
        </dd>
      </div>
      <div>
        <dt>QQ</dt>
        <dd>{bind.data.qqBound ? '已绑定' : '未绑定'}</dd>
      </div>
    </>
  );
}

function RealNameSection({ realName }: { realName: RealNameInfo | null }) {
  const modals = useModals();
  return (
    <section aria-labelledby="real-name-heading">
      <h2 id="real-name-heading">实名认证</h2>
      {realName ? (
        <dl className="account-facts">
          <div>
            <dt>状态</dt>
            <dd>
              <span className="badge badge-ok">已实名</span>
            </dd>
          </div>
          <div>
            <dt>姓名</dt>
            <dd>{realName.realName}</dd>
          </div>
          <div>
            <dt>身份证号</dt>
            <dd>{realName.idCardNo}</dd>
          </div>
        </dl>
      ) : (
        <div className="real-name-missing">
          <p>尚未实名认证。根据规定，部分商品需实名后购买。</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => modals.open('realName', { from: 'setting' })}
          >
            去实名
          </button>
        </div>
      )}
    </section>
  );
}
