/**
 * Home `/`: banner carousel, 今日特惠 (a row of deal tiles: on a phone's first screen, games with their prices and
 * discounts, as Steam's and JD's phone homes open), label chips, hot search, recommendations, the
 * plates with their games, rankings (tabs), recently sold goods and the app
 * download entry. Each section shows a skeleton of its final size while it
 * loads and disappears quietly when its list is empty (the list fetchers
 * already turn failures into `[]`, spec section 7).
 *
 * The side column (rankings, recent sells, app download: ./home-aside.tsx) is
 * below the fold on phones and no LCP candidate anywhere, so its code loads
 * after the first paint, behind the same skeletons (docs/performance.md).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import {
  bannersQueryOptions,
  hotSearchQueryOptions,
  labelsQueryOptions,
  platesQueryOptions,
  recommendQueryOptions,
  searchQueryOptions,
  type GameCard,
} from '../../api/games';
import { BannerCarousel } from './banner-carousel';
import { HOME_DEALS_REQUEST, loadedHomeAside, loadHomeAside } from './route-data';
import { discountBadge } from '../../shared/money';
import { DiscountBadge, Price } from '../../shared/ui/price';
import { SafeImage } from '../../shared/ui/safe-image';
import { GameGrid } from './game-card';
import { GameGridSkeleton, LinesSkeleton, Skeleton } from '../../shared/ui/states';
import { config } from '../../shared/env';
import './catalog.css';

function BannerSection() {
  const { data, isPending } = useQuery(bannersQueryOptions(1));
  if (isPending) return <Skeleton label="活动推荐" className="banner-skeleton" />;
  if (!data || data.length === 0) return null;
  return <BannerCarousel banners={data} />;
}

/** How many deal tiles the row holds (a phone shows three and a half, and scrolls). */
const HOME_DEALS = 8;

/** The discounted games of an answer, the biggest discount first (whatever order the server answered in). */
function dealsOf(games: readonly GameCard[]): GameCard[] {
  return games
    .filter((game) => discountBadge(game.minPrice, game.originalPrice) > 0)
    .sort((a, b) => discountBadge(b.minPrice, b.originalPrice) - discountBadge(a.minPrice, a.originalPrice))
    .slice(0, HOME_DEALS);
}

/**
 * 今日特惠: compact tiles (cover with its discount, name, price and the struck original), a row that scrolls
 * sideways on phones. Its box has its final height while it loads (no shift); nothing when no game is discounted.
 */
function DealsSection() {
  const { data, isPending } = useQuery(searchQueryOptions(HOME_DEALS_REQUEST));
  if (isPending) return <Skeleton label="今日特惠" className="section deals-skeleton" />;
  const deals = dealsOf(data?.list ?? []);
  if (deals.length === 0) return null;
  return (
    <section aria-labelledby="home-deals" className="section section-compact deals">
      <div className="section-head">
        <h2 id="home-deals">今日特惠</h2>
        <Link to="/search" search={{ sort: 'discount', discount: true }} className="deals-more">
          更多特惠
        </Link>
      </div>
      <ul className="deal-row">
        {/* Keyed by place, not by game: when today's deals differ from the prerendered ones (a price changed since
            the build), each tile repaints where it stands instead of the row's tiles moving (a layout shift). */}
        {deals.map((game, index) => (
          <li key={index}>
            <DealTile game={game} priority={index < 3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DealTile({ game, priority }: { game: GameCard; priority: boolean }) {
  return (
    <Link to="/gameDetail/$id" params={{ id: String(game.gameId) }} className="deal-tile">
      <span className="deal-cover">
        <SafeImage src={game.cover} alt="" width={120} height={160} priority={priority} />
        <span className="deal-off">
          <DiscountBadge fen={game.minPrice} originalFen={game.originalPrice} />
        </span>
      </span>
      <span className="deal-name">{game.name}</span>
      <span className="deal-price">
        <Price fen={game.minPrice} originalFen={game.originalPrice} />
      </span>
    </Link>
  );
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

/**
 * The lists below the hero render their data at transition priority (`useDeferredValue`): React splits
 * dozens of cards into short tasks instead of one long one (TBT), and the skeleton stays until then.
 * Data already in the cache (a back navigation) renders at once.
 */
function RecommendSection() {
  const { data: fresh, isPending } = useQuery(recommendQueryOptions());
  const data = useDeferredValue(fresh);
  if (isPending || data === undefined) return <GameGridSkeleton label="为你推荐" className="section" />;
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="home-recommend" className="section">
      <h2 id="home-recommend">为你推荐</h2>
      <GameGrid games={data} />
    </section>
  );
}

function PlatesSection() {
  const { data: fresh, isPending } = useQuery(platesQueryOptions());
  const data = useDeferredValue(fresh);
  if (isPending || data === undefined) {
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

const LazyHomeAside = lazy(() => loadHomeAside().then((m) => ({ default: m.HomeAside })));

/** What the side column's sections show while their data loads: the same while their code does. */
function HomeAsideSkeleton() {
  return (
    <>
      <LinesSkeleton label="排行榜" lines={8} className="section rank-skeleton" />
      <LinesSkeleton label="最近成交" lines={5} className="section ticker-skeleton" />
      <Skeleton label="App 下载" className="section download-skeleton" />
    </>
  );
}

export function HomePage() {
  // Loaded already (a prerendered home waits for it): rendered, and hydrated, with the rest of the page. A lazy
  // component would leave its part of a prerendered page inert until a later pass, and throw it away if the
  // page updated first (the render with the root actor does). Chosen once per mount, so it is never remounted.
  const [HomeAside] = useState(() => loadedHomeAside()?.HomeAside ?? LazyHomeAside);
  return (
    <div className="home">
      <h1 className="visually-hidden">{config.storeName}首页</h1>
      <BannerSection />
      <DealsSection />
      <LabelSection />
      <div className="home-columns">
        <div className="home-main">
          <HotSearchSection />
          <RecommendSection />
          <PlatesSection />
        </div>
        <div className="home-aside">
          <Suspense fallback={<HomeAsideSkeleton />}>
            <HomeAside />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
