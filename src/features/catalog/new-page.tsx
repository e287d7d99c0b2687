/**
 * Newly launched `/new?sort=`: games released in the last 90 days, plus the
 * upcoming pre-orders in their own row. One request asks the search endpoint
 * for the newest games (`sort: 'newest'`); the window is cut from them on the
 * client, the chosen sort (in the URL) orders the window, and 加载更多 shows
 * the next 12. Why not rank `new`: it is a fixed top 10 without sorting or
 * paging (docs/catalog.md).
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { GameCard } from './game-card';
import { PRICE_SORTS } from './listing-text';
import { SortNav, type SortOption } from './sort-nav';
import { NEW_WINDOW_DAYS, newGamesQueryOptions, sortNewGames, type NewSort } from './route-data';
import { EmptyState, ErrorState, GameGridSkeleton } from '../../shared/ui/states';
import { formatDate } from '../../shared/format';
import './catalog.css';

const routeApi = getRouteApi('/home-layout/new');

export const NEW_PAGE_SIZE = 12;

const SORTS: SortOption<NewSort>[] = [
  { value: 'newest', label: '最新上架' },
  { value: 'sales', label: '销量' },
  ...PRICE_SORTS,
];

export function NewPage() {
  const search = routeApi.useSearch();
  const sort: NewSort = search.sort ?? 'newest';
  const query = useQuery(newGamesQueryOptions());
  return (
    <div className="new-page">
      <h1>新品上架</h1>
      <p className="muted">近 {NEW_WINDOW_DAYS} 天上架的正版游戏，支付后自动发货。</p>
      {query.isPending ? <GameGridSkeleton label="新品" count={12} /> : null}
      {query.isError ? (
        <ErrorState error={query.error} title="新品加载失败" onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess ? (
        <>
          {query.data.upcoming.length > 0 ? (
            <section aria-labelledby="new-upcoming" className="section">
              <h2 id="new-upcoming">即将发售</h2>
              <ul className="game-grid game-row">
                {query.data.upcoming.map((game) => (
                  <li key={game.gameId}>
                    <GameCard game={game} extra={<ReleaseDate time={game.releaseDate} label="发售日期" />} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="new-released" className="section">
            <div className="section-head">
              <h2 id="new-released">最近上架</h2>
              <SortNav
                options={SORTS}
                current={sort}
                link={(value, props) => (
                  <Link
                    from="/new"
                    to="/new"
                    activeOptions={{ exact: true }}
                    search={{ sort: value === 'newest' ? undefined : value }}
                    resetScroll={false}
                    {...props}
                  />
                )}
              />
            </div>
            {query.data.released.length === 0 ? (
              <EmptyState title="近期暂无新品上架">
                <Link to="/search" className="button">
                  浏览全部游戏
                </Link>
              </EmptyState>
            ) : (
              // Re-mounted per sort so that the number shown starts again from the first page.
              <ReleasedList key={sort} games={sortNewGames(query.data.released, sort)} />
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

function ReleaseDate({ time, label }: { time: number; label: string }) {
  return (
    <span className="release-date">
      <span className="visually-hidden">{label}</span>
      {formatDate(time, 'yyyy.MM.dd')}
    </span>
  );
}

function ReleasedList({ games }: { games: Parameters<typeof sortNewGames>[0] }) {
  const [shown, setShown] = useState(NEW_PAGE_SIZE);
  const visible = games.slice(0, shown);
  return (
    <>
      <ul className="game-grid">
        {visible.map((game, index) => (
          <li key={game.gameId}>
            <GameCard
              game={game}
              priority={index < 4}
              extra={<ReleaseDate time={game.releaseDate} label="上架日期" />}
            />
          </li>
        ))}
      </ul>
      <p className="list-footer" role="status">
        已显示 {visible.length} / {games.length} 款
      </p>
      {shown < games.length ? (
        <div className="button-row">
          <button type="button" className="button" onClick={() => setShown((n) => n + NEW_PAGE_SIZE)}>
            加载更多
          </button>
        </div>
      ) : null}
    </>
  );
}
