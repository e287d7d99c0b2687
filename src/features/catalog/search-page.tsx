/**
 * Search `/search?keyword=&labelId=&sort=&page=`. The URL is the only source
 * of the keyword and the filters: the header search box, the label and sort
 * links and the page links all navigate, and the query key is built from the
 * URL, so React Query cancels a superseded request (its `signal`) and a
 * revisit renders at once from the cache — going to a game and back shows
 * the same results without a new request, at the same scroll position (the
 * router's scroll restoration).
 *
 * Titles show the keyword marked (`<mark>`); the backend ranks titles that
 * contain it first.
 *
 * Without a keyword it lists every game (optionally of one label) and shows
 * recent searches (this browser's, plus the server's for a logged-in user)
 * and the hot keywords. No results: the hot games are offered instead.
 */
import { useQuery, type Query } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  hotSearchQueryOptions,
  labelsQueryOptions,
  searchQueryOptions,
  type SearchRequest,
  type SearchSort,
} from '../../api/games';
import { AppliedChips, ClearFiltersButton, FilterPills, PhoneSortBar, type SortLink } from './deal-filters';
import { appliedChips, hasFilters, trustFilters } from './search-filters';
import { GameGrid, type NameOf } from './game-card';
import { Highlight } from './highlight';
import { pageCount, SearchPagination } from '../../shared/ui/pagination';
import { KeywordHints } from './keyword-hints';
import { addRecentSearch } from './recent-searches';
import { PRICE_SORTS, resultsTitle } from './listing-text';
import { SortNav, type SortOption } from './sort-nav';
import { useMediaQuery } from '../../shared/use-media';
import { searchRequestOf } from './route-data';
import { EmptyState, ErrorState, GameGridSkeleton } from '../../shared/ui/states';
import './catalog.css';

const routeApi = getRouteApi('/home-layout/search');

export const SORT_OPTIONS: SortOption<SearchSort>[] = [
  { value: 'default', label: '综合' },
  { value: 'sales', label: '销量' },
  { value: 'newest', label: '最新' },
  { value: 'score', label: '评分' },
  ...PRICE_SORTS,
];
/** 折扣最大 (docs/following-prices.md, an extension sort): offered only by a server that says it applies the deal filters. */
const DISCOUNT_SORT: SortOption<SearchSort> = { value: 'discount', label: '折扣最大' };

type SearchQueryKey = readonly ['search', SearchRequest];

export function SearchPage() {
  const search = routeApi.useSearch();
  const request = searchRequestOf(search);
  const { keyword } = request;
  const labels = useQuery(labelsQueryOptions());
  const labelName = labels.data?.find((l) => l.labelId === search.labelId)?.name;

  useEffect(() => {
    if (keyword) addRecentSearch(keyword);
  }, [keyword]);

  const results = useSearchResults(request);
  // Whether this server applies the deal filters (its answers carry `applied`), as its last answer said: kept
  // while a new keyword loads, so the controls do not come and go.
  const said = results.data ? results.data.applied !== undefined : undefined;
  const [dealsSupported, setDealsSupported] = useState(false);
  if (said !== undefined && said !== dealsSupported) setDealsSupported(said);

  const heading = keyword ? resultsTitle(keyword) : labelName ? `${labelName}游戏` : '全部游戏';
  const deals = dealsSupported ? search : undefined;
  // The filters in force, as the answer said it applied them (the trust rule), as removable chips.
  const chips = results.data && deals ? appliedChips(search, trustFilters(request, results.data.applied).applied) : [];
  const sort = request.sort ?? 'default';
  const sorts = dealsSupported ? [...SORT_OPTIONS, DISCOUNT_SORT] : SORT_OPTIONS;
  const phone = useMediaQuery('(max-width: 639px)');
  return (
    <div className="search-page">
      <h1>{heading}</h1>
      {keyword ? null : <KeywordHints heading="h2" className="search-start" />}
      <div className="search-filters">
        <LabelChips labelId={search.labelId} />
        {phone ? null : (
          <>
            <SortNav options={sorts} current={sort} className="filter-row" link={sortLink} />
            {/* Last in the box: it comes with the first answer, and nothing already on screen sits below it (no shift). */}
            {deals ? <FilterPills search={deals} /> : null}
          </>
        )}
      </div>
      {/* Out of the box, so that it can stay under the header over the whole list of results. */}
      {phone ? (
        <PhoneSortBar
          sort={sort}
          sorts={sorts}
          deals={deals}
          total={results.isFetching ? undefined : results.data?.total}
          link={sortLink}
        />
      ) : null}
      <AppliedChips chips={chips} />
      <Results request={request} results={results} filtered={hasFilters(search)} />
    </div>
  );
}

/** A sort's link: the same URL with another sort, from the first page. */
const sortLink: SortLink = (value, props) => (
  <Link
    from="/search"
    to="/search"
    activeOptions={{ exact: true }}
    search={(prev) => ({ ...prev, sort: value === 'default' ? undefined : value, page: undefined })}
    {...props}
  />
);

/** The search answer for the URL's request (one query, read by the page and its results). */
function useSearchResults(request: SearchRequest) {
  return useQuery({
    ...searchQueryOptions(request),
    // Another page or filter of the same keyword keeps the old list on screen (dimmed) until the
    // new one arrives; a new keyword starts from the skeleton.
    placeholderData: (previous, previousQuery) =>
      (previousQuery as Query<unknown, Error, unknown, SearchQueryKey> | undefined)?.queryKey[1].keyword ===
      request.keyword
        ? previous
        : undefined,
  });
}

function LabelChips({ labelId }: { labelId: number | undefined }) {
  const labels = useQuery(labelsQueryOptions());
  if (labels.data && labels.data.length > 0) {
    return (
      <nav aria-label="分类筛选" className="filter-row">
        <ul className="chip-list chip-scroll">
          <li>
            <Link
              from="/search"
              to="/search"
              activeOptions={{ exact: true }}
              search={(prev) => ({ ...prev, labelId: undefined, page: undefined })}
              className="chip"
              aria-current={labelId === undefined ? 'true' : undefined}
            >
              全部分类
            </Link>
          </li>
          {labels.data.map((label) => (
            <li key={label.labelId}>
              <Link
                from="/search"
                to="/search"
                activeOptions={{ exact: true }}
                search={(prev) => ({ ...prev, labelId: label.labelId, page: undefined })}
                className="chip"
                aria-current={label.labelId === labelId ? 'true' : undefined}
              >
                {label.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  // The row's height while the labels load, so that the results below do not move when it fills (CLS).
  return labels.isPending ? (
    <div className="filter-row filter-row-placeholder" aria-hidden="true">
      <ul className="chip-list chip-scroll">
        <li>
          <span className="chip">全部分类</span>
        </li>
      </ul>
    </div>
  ) : null;
}

function Results({
  request,
  results,
  filtered,
}: {
  request: SearchRequest;
  results: ReturnType<typeof useSearchResults>;
  filtered: boolean;
}) {
  if (results.isPending) return <GameGridSkeleton label="搜索结果" count={12} className="search-results" />;
  if (results.isError) {
    return <ErrorState error={results.error} title="搜索失败" onRetry={() => void results.refetch()} />;
  }
  const { list, total, pageNum, pageSize, applied } = results.data;
  // What was asked for but not applied is said (the trust rule); what was applied shows as chips above.
  const notApplied = trustFilters(request, applied).notApplied;
  const trustNote =
    notApplied.length > 0 ? (
      <div className="filters-trust">
        <p>未生效的筛选：{notApplied.map((f) => f.label).join('，')}（以下结果未按它们筛选）</p>
      </div>
    ) : null;
  if (total === 0 && filtered) {
    return (
      <>
        {trustNote}
        <EmptyState title="没有符合筛选条件的游戏">
          <p className="state-text">放宽价格区间或去掉一些筛选试试。</p>
          <ClearFiltersButton />
        </EmptyState>
      </>
    );
  }
  if (total === 0 || list.length === 0) {
    return total === 0 ? <NoResults keyword={request.keyword} /> : <EmptyState title="这一页没有更多结果了" />;
  }
  return (
    <section aria-labelledby="search-results-title" className="search-results" aria-busy={results.isPlaceholderData}>
      <h2 id="search-results-title" className="visually-hidden">
        搜索结果
      </h2>
      <p className="result-count" role="status">
        共找到 {total} 款游戏
      </p>
      {trustNote}
      <GameGrid
        games={list}
        priorityCount={4}
        className={results.isPlaceholderData ? 'is-stale' : undefined}
        nameOf={markKeyword(request.keyword)}
      />
      <SearchPagination page={pageNum} totalPages={pageCount(total, pageSize)} />
    </section>
  );
}

/** Card titles with the keyword marked (the results are ranked title matches first: `docs/api.md`, search). */
const markKeyword = (keyword: string): NameOf | undefined =>
  keyword ? (game) => <Highlight text={game.name} keyword={keyword} /> : undefined;

function NoResults({ keyword }: { keyword: string }) {
  const hot = useQuery(hotSearchQueryOptions());
  const games = hot.data?.gameList ?? [];
  return (
    <div className="no-results">
      <EmptyState title={keyword ? `没有找到与“${keyword}”相关的游戏` : '没有符合条件的游戏'}>
        <p className="state-text">换个关键词试试，或者看看大家都在玩的游戏。</p>
      </EmptyState>
      {games.length > 0 ? (
        <section aria-labelledby="search-hot-games" className="section">
          <h2 id="search-hot-games">大家都在玩</h2>
          <GameGrid games={games.slice(0, 6)} />
        </section>
      ) : null}
    </div>
  );
}
