import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import {
  lazy,
  Suspense,
  useContext,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useCurrentUser, useModals, useOptionalAppActor } from '../../shared/app-actor';
import { useHydrated } from '../../shared/hydration';
import { config } from '../../shared/env';
import { maskPhone } from '../../shared/mask-phone';

/** What the store's search boxes suggest searching for (the header's, and the error pages'). */
export const SEARCH_PLACEHOLDER = '搜索游戏、激活码、充值';
import { isKeywordCut, normalizeKeyword } from '../../shared/search-keyword';
import { SearchSuggestionsSlot } from './search-suggestions-slot';
import { WishlistCount, WishlistDrops } from '../wishlist';
import { CartCount } from '../cart';
import { TextInput } from '../../shared/ui/form-controls';

// The suggestion panel (the catalogue's, put in the slot by src/app/app.tsx) is code of its own, fetched when the
// box is first focused (not before first paint); so is the account chip's menu, fetched when the chip is first opened.
const AccountMenu = lazy(() => import('./account-menu'));

function SearchBox() {
  const navigate = useNavigate();
  const router = useRouter();
  const panelId = useId();
  const SuggestionsPanel = useContext(SearchSuggestionsSlot);
  const inputRef = useRef<HTMLInputElement>(null);
  // Focus is the intent to search: fetch the search page's code then, so that Enter only waits for results.
  const preloadSearchPage = () => void router.loadRouteChunk(router.routesByPath['/search'])?.catch(() => undefined);
  // The search page's keyword as its route validated it (src/features/catalog/route-search.ts): shortened, never garbled.
  const current = useRouterState({
    select: (s) => s.matches.find((m) => m.routeId === '/home-layout/search')?.search.keyword,
  });
  const [value, setValue] = useState(current ?? '');
  const [open, setOpen] = useState(false);
  // Longer text than KEYWORD_MAX_LENGTH was typed or pasted, and cut: the panel under the box says so.
  const [cut, setCut] = useState(false);
  const [lastCurrent, setLastCurrent] = useState(current);
  if (current !== lastCurrent) {
    // The URL owns the keyword: follow it when it changes (back/forward, a hot-search chip).
    setLastCurrent(current);
    setValue(current ?? '');
    setCut(false);
  }
  // Focus that comes back from the panel (Escape, ↑ past its first link) must not reopen it.
  const refocusing = useRef(false);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (!returnFocus) return;
    refocusing.current = true;
    inputRef.current?.focus();
    refocusing.current = false;
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    const keyword = value.trim();
    void navigate({ to: '/search', search: keyword ? { keyword } : {} });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowDown') {
      // ↓ opens the panel, or moves into it
      const first = document.getElementById(panelId)?.querySelector<HTMLElement>('a[href]');
      if (first) {
        event.preventDefault();
        first.focus();
      } else setOpen(true);
    }
  };
  // Leaving the box and its panel (Tab, a click elsewhere) closes the panel.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setOpen(false);
    setCut(false);
  };
  return (
    // The action and the field's name make the form work before the page has hydrated (a prerendered page)
    // or without script: the browser goes to /search?keyword=…, as the handler does.
    <form role="search" className="search-box" action="/search" method="get" onSubmit={onSubmit} onBlur={onBlur}>
      <TextInput
        ref={inputRef}
        type="search"
        name="keyword"
        // On a prerendered page, what is typed before the app holds it is kept: src/app/boot.js hands it to
        // this box's handler once the app runs, as it does an Enter.
        aria-label="搜索"
        aria-controls={open ? panelId : undefined}
        aria-describedby={open && cut ? `${panelId}-note` : undefined}
        placeholder={SEARCH_PLACEHOLDER}
        value={value}
        onChange={(e) => {
          const typed = e.target.value;
          setValue(normalizeKeyword(typed));
          setCut(isKeywordCut(typed));
          setOpen(true);
        }}
        onFocus={() => {
          preloadSearchPage();
          if (!refocusing.current) setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className="search-submit">
        搜索
      </button>
      {open && SuggestionsPanel ? (
        <Suspense fallback={null}>
          {/* eslint-disable-next-line react-hooks/static-components -- not made here: the app provides one module-level component for its whole life (src/app/app.tsx) */}
          <SuggestionsPanel id={panelId} value={value} cut={cut} onClose={close} />
        </Suspense>
      ) : null}
    </form>
  );
}

function AccountEntry() {
  const user = useCurrentUser();
  const modals = useModals();
  // A prerendered page's HTML knows nobody: the account shows once the store's flows run (who is logged in is
  // the session's), in space kept for it.
  const flowsStarted = useOptionalAppActor() !== null;
  if (!useHydrated() || !flowsStarted) return <span className="header-account-slot" aria-hidden="true" />;
  if (!user) {
    return (
      <button type="button" className="button button-primary header-login" onClick={() => modals.open('login')}>
        登录
      </button>
    );
  }
  return <AccountChip telNum={user.telNum} />;
}

/** The logged-in account: a menu button (我的订单, 我的激活码, 账号与实名, 退出登录; account-menu.tsx). */
function AccountChip({ telNum }: { telNum: string }) {
  const [open, setOpen] = useState(false);
  let label = telNum;
  try {
    label = maskPhone(telNum);
  } catch {
    // a malformed stored phone still shows something
  }
  return (
    <div className="header-account">
      <button
        type="button"
        className="header-user"
        aria-label={`个人中心 ${label}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AccountMenu onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <WishlistDrops />
      </Suspense>
    </div>
  );
}

/**
 * ♥ 愿望单, for everyone (a visitor's list is kept in this browser): a link to the tab, in the prerendered page
 * already; the count (its own chunk) comes after hydration, over the heart's corner, so nothing moves.
 */
function WishlistEntry() {
  const actor = useOptionalAppActor();
  const ready = useHydrated() && actor !== null;
  return (
    <Link to="/setting" search={{ type: 4 }} className="header-wishlist">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 21.4 10.6 20C5.4 15.4 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.9-8.6 11.5L12 21.4z"
        />
      </svg>
      <span className="visually-hidden">愿望单</span>
      {ready ? (
        <Suspense fallback={null}>
          <WishlistCount />
        </Suspense>
      ) : null}
    </Link>
  );
}

/** 购物车, for everyone (a visitor's cart is kept in this browser): as the ♥, a link, its count after hydration. */
function CartEntry() {
  const actor = useOptionalAppActor();
  const ready = useHydrated() && actor !== null;
  return (
    <Link to="/cart" className="header-cart">
      <span className="icon icon-cart" aria-hidden="true" />
      <span className="visually-hidden">购物车</span>
      {ready ? (
        <Suspense fallback={null}>
          <CartCount className="header-cart-count" />
        </Suspense>
      ) : null}
    </Link>
  );
}

export function SiteHeader({ withNav }: { withNav: boolean }) {
  const navId = useId();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="logo" aria-label={`${config.storeName} 首页`}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{config.storeName}</span>
        </Link>
        {withNav ? (
          <>
            <nav aria-label="主导航" id={navId} className="site-nav">
              <Link to="/" activeOptions={{ exact: true }}>
                首页
              </Link>
              <Link to="/new">新品</Link>
              <Link to="/notice">公告</Link>
              <Link to="/help">帮助</Link>
            </nav>
            <SearchBox />
            <WishlistEntry />
            <CartEntry />
          </>
        ) : null}
        <AccountEntry />
      </div>
    </header>
  );
}

// The footer's fixed lines (operator, licence, hours, the healthy-gaming note) are HTML in index.html, after
// the app (scripts/vite-site-legal.ts): they cost the first paint's script nothing.
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="页脚导航" className="footer-links">
        <Link to="/help">帮助中心</Link>
        <Link to="/agreement" search={{ doc: 'user' }}>
          用户协议
        </Link>
        <Link to="/agreement" search={{ doc: 'privacy' }}>
          隐私政策
        </Link>
        <Link to="/notice">公告</Link>
      </nav>
    </footer>
  );
}
