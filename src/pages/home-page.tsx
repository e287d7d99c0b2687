/**
 * Home `/`: banner carousel, label chips, hot search, recommendations, the
 * plates with their games, rankings (tabs), recently sold goods and the app
 * download entry. Each section shows a skeleton of its final size while it
 * loads and disappears quietly when its list is empty (the list fetchers
 * already turn failures into `[]`, spec section 7).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DICT_KEYS, dictItemsQueryOptions } from '../api/dictionary';
import {
  bannersQueryOptions,
  hotSearchQueryOptions,
  labelsQueryOptions,
  platesQueryOptions,
  ranksQueryOptions,
  recommendQueryOptions,
  type RankType,
} from '../api/games';
import { recentSellQueryOptions } from '../api/goods';
import { BannerCarousel } from '../components/catalog/banner-carousel';
import { GameGrid } from '../components/catalog/game-card';
import { RankList } from '../components/catalog/rank-list';
import { relativeTime } from '../components/catalog/relative-time';
import { isInternalHref } from '../components/catalog/smart-link';
import { GameGridSkeleton, LinesSkeleton, Skeleton } from '../components/catalog/states';
import { Tabs } from '../components/catalog/tabs';
import { usePrefersReducedMotion } from '../components/catalog/use-media';
import { Price } from '../components/price';
import { config } from '../config/env';
import '../styles/catalog.css';

function BannerSection() {
  const { data, isPending } = useQuery(bannersQueryOptions(1));
  if (isPending) return <Skeleton label="活动推荐" className="banner-skeleton" />;
  if (!data || data.length === 0) return null;
  return <BannerCarousel banners={data} />;
}

function LabelSection() {
  const { data, isPending } = useQuery(labelsQueryOptions());
  if (isPending) return <Skeleton label="游戏分类" className="labels-skeleton" />;
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="home-labels" className="section section-compact">
      <h2 id="home-labels">游戏分类</h2>
      <ul className="chip-list chip-scroll">
        {data.map((label) => (
          <li key={label.labelId}>
            <Link to="/search" search={{ labelId: label.labelId }} className="chip">
              {label.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HotSearchSection() {
  const { data, isPending } = useQuery(hotSearchQueryOptions());
  if (isPending) return <GameGridSkeleton label="热门搜索" className="section" />;
  if (!data || (data.gameList.length === 0 && data.keywords.length === 0)) return null;
  return (
    <section aria-labelledby="home-hot" className="section">
      <h2 id="home-hot">热门搜索</h2>
      {data.keywords.length > 0 ? (
        <ul className="chip-list">
          {data.keywords.map((keyword) => (
            <li key={keyword}>
              <Link to="/search" search={{ keyword }} className="chip">
                {keyword}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {data.gameList.length > 0 ? <GameGrid games={data.gameList.slice(0, 6)} className="game-row" /> : null}
    </section>
  );
}

function RecommendSection() {
  const { data, isPending } = useQuery(recommendQueryOptions());
  if (isPending) return <GameGridSkeleton label="为你推荐" className="section" />;
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="home-recommend" className="section">
      <h2 id="home-recommend">为你推荐</h2>
      <GameGrid games={data} />
    </section>
  );
}

function PlatesSection() {
  const { data, isPending } = useQuery(platesQueryOptions());
  if (isPending) {
    return (
      <>
        <GameGridSkeleton label="专区" className="section" />
        <GameGridSkeleton label="专区" className="section" />
      </>
    );
  }
  const plates = (data ?? []).filter((plate) => plate.games.length > 0);
  if (plates.length === 0) return null;
  return (
    <>
      {plates.map((plate) => (
        <section key={plate.plateId} aria-labelledby={`home-plate-${plate.plateId}`} className="section">
          <h2 id={`home-plate-${plate.plateId}`}>{plate.name}</h2>
          <GameGrid games={plate.games} className="game-row" />
        </section>
      ))}
    </>
  );
}

function RankSection() {
  const { data, isPending } = useQuery(ranksQueryOptions());
  const [chosen, setChosen] = useState<RankType | null>(null);
  if (isPending) return <LinesSkeleton label="排行榜" lines={8} className="section rank-skeleton" />;
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
          <ul className="ticker-list">{(moving ? data : data.slice(0, STATIC_SELLS)).map((sell, i) => item(sell, `a${i}`))}</ul>
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
  const items = (data ?? []).filter((item) => item.value);
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

export function HomePage() {
  return (
    <div className="home">
      <h1 className="visually-hidden">{config.storeName}首页</h1>
      <BannerSection />
      <LabelSection />
      <div className="home-columns">
        <div className="home-main">
          <HotSearchSection />
          <RecommendSection />
          <PlatesSection />
        </div>
        <div className="home-aside">
          <RankSection />
          <RecentSellSection />
          <AppDownloadSection />
        </div>
      </div>
    </div>
  );
}
