/**
 * The home page's side column (./home-page.tsx): rankings (tabs), recently
 * sold goods (a ticker), the app download entry and 最近浏览 (the shopper's
 * own, after hydration and only when there is something to show: ./recent-views-list.tsx). A chunk of its own, loaded
 * after the first paint: below the fold on phones, never the LCP element.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { DICT_KEYS, dictItemsQueryOptions } from '../../api/dictionary';
import { ranksQueryOptions, type RankType } from '../../api/games';
import { recentSellQueryOptions } from '../../api/goods';
import { RankList } from './rank-list';
import { relativeTime } from '../../shared/relative-time';
import { isInternalHref } from '../../shared/ui/smart-link';
import { LinesSkeleton, Skeleton } from '../../shared/ui/states';
import { Tabs } from '../../shared/ui/tabs';
import { usePrefersReducedMotion } from '../../shared/use-media';
import { Price } from '../../shared/ui/price';
import { config } from '../../shared/env';
import { safeHref } from '../../shared/safe-url';
import { useHydrated } from '../../shared/hydration';

function RankSection() {
  // At transition priority, like the home page's lists (./home-page.tsx).
  const { data: fresh, isPending } = useQuery(ranksQueryOptions());
  const data = useDeferredValue(fresh);
  const [chosen, setChosen] = useState<RankType | null>(null);
  if (isPending || data === undefined)
    return <LinesSkeleton label="排行榜" lines={8} className="section rank-skeleton" />;
  const ranks = (data ?? []).filter((rank) => rank.games.length > 0);
  const first = ranks[0];
  if (!first) return null;
  const selected = ranks.find((rank) => rank.rankType === chosen) ?? first;
  return (
    <section aria-labelledby="home-rank" className="section">
      <h2 id="home-rank">排行榜</h2>
      <Tabs
        label="榜单"
        items={ranks.map((rank) => ({ key: rank.rankType, label: rank.name }))}
        selected={selected.rankType}
        onSelect={setChosen}
      >
        <RankList games={selected.games} />
      </Tabs>
    </section>
  );
}

/** Without motion the list does not scroll: the newest few are shown. */
const STATIC_SELLS = 8;

function RecentSellSection() {
  const { data, isPending, dataUpdatedAt } = useQuery(recentSellQueryOptions());
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  if (isPending) return <LinesSkeleton label="最近成交" lines={5} className="section ticker-skeleton" />;
  if (!data || data.length === 0) return null;
  // "3分钟前" is relative to when the list was fetched, which keeps rendering pure.
  const now = dataUpdatedAt;
  const moving = data.length > 4 && !reducedMotion;
  const item = (sell: (typeof data)[number], key: string) => (
    <li key={key} className="ticker-item">
      <span className="ticker-buyer">{sell.buyer}</span>
      <span className="ticker-what">
        购买了《{sell.gameName}》{sell.goodsName}
      </span>
      <Price fen={sell.price} />
      <span className="ticker-time">{relativeTime(sell.time, now)}</span>
    </li>
  );
  // The list scrolls as a ticker (CSS; paused on hover, by the button, and static with reduced
  // motion). The second copy only makes the loop seamless and is hidden from assistive technology.
  return (
    <section aria-labelledby="home-recent-sell" className="section">
      <div className="section-head">
        <h2 id="home-recent-sell">最近成交</h2>
        {moving ? (
          <button type="button" className="link-button" onClick={() => setPaused((p) => !p)}>
            {paused ? '继续滚动' : '暂停滚动'}
          </button>
        ) : null}
      </div>
      <div className={moving ? 'ticker' : 'ticker ticker-static'}>
        <div className={moving ? `ticker-track ticker-moving${paused ? ' is-paused' : ''}` : 'ticker-track'}>
          <ul className="ticker-list">
            {(moving ? data : data.slice(0, STATIC_SELLS)).map((sell, i) => item(sell, `a${i}`))}
          </ul>
          {moving ? (
            <ul className="ticker-list" aria-hidden="true">
              {data.map((sell, i) => item(sell, `b${i}`))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function AppDownloadSection() {
  const { data, isPending } = useQuery(dictItemsQueryOptions(DICT_KEYS.appDownloadUrl));
  if (isPending) return <Skeleton label="App 下载" className="section download-skeleton" />;
  // Only links a browser may follow safely (no `javascript:` or `data:` from the dictionary).
  const items = (data ?? []).flatMap((item) => {
    const href = safeHref(item.value);
    return href ? [{ ...item, value: href }] : [];
  });
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="home-app" className="section app-download">
      <h2 id="home-app">下载{config.storeName} App</h2>
      <p className="muted">随时随地买游戏，订单与激活码实时同步。</p>
      <ul className="button-row app-links">
        {items.map((item) => {
          const external = !isInternalHref(item.value);
          return (
            <li key={`${item.text}-${item.value}`}>
              <a
                href={item.value}
                className="button"
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {item.text} 版下载
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const LazyRecentViews = lazy(() => import('./recent-views-list').then((m) => ({ default: m.HomeRecentViews })));

/**
 * 最近浏览 depends on who looks: the prerendered page (made for nobody) has nothing of it; after hydration the
 * list's code loads and shows the section when the viewer has viewed games (./recent-views-list.tsx).
 */
function RecentViewsSection() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <LazyRecentViews />
    </Suspense>
  ) : null;
}

export function HomeAside() {
  return (
    <>
      <RankSection />
      <RecentSellSection />
      <AppDownloadSection />
      <RecentViewsSection />
    </>
  );
}
