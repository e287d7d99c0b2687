/**
 * 最近搜索 and 热门搜索 as keyword chips: shown by the search page while it has no keyword, and by the
 * header's suggestion panel while the search box is empty. Recent keywords are this browser's list
 * merged with the server's (`recentGameSearch`, logged in only); 清空最近搜索 clears both from view.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { getRecentGameSearch, hotSearchQueryOptions } from '../../api/games';
import { useCurrentUser } from '../../shared/app-actor';
import { clearRecentSearches, mergeRecentSearches, useRecentSearches } from './recent-searches';
import { ACCOUNT_SCOPED } from '../../api/account-scope';

function useKeywordHints() {
  const userId = useCurrentUser()?.userId ?? null;
  const local = useRecentSearches();
  const server = useQuery({
    queryKey: ['recentGameSearch', userId],
    queryFn: ({ signal }) => getRecentGameSearch({ signal }),
    enabled: userId !== null,
    meta: ACCOUNT_SCOPED,
  });
  const hot = useQuery(hotSearchQueryOptions());
  const serverKeywords = userId !== null ? (server.data ?? []) : [];
  return {
    recent: mergeRecentSearches(local, serverKeywords),
    hot: hot.data?.keywords ?? [],
    clear: () => clearRecentSearches(serverKeywords),
  };
}

interface KeywordHintsProps {
  /** h2 on the search page, h3 inside the header's panel */
  heading: 'h2' | 'h3';
  /** called when a keyword is chosen (the header panel closes itself) */
  onPick?: (() => void) | undefined;
  className?: string | undefined;
}

export function KeywordHints({ heading: Heading, onPick, className }: KeywordHintsProps) {
  const { recent, hot, clear } = useKeywordHints();
  const id = useId();
  if (recent.length === 0 && hot.length === 0) return null;
  const chips = (keywords: string[]) => (
    <ul className="chip-list">
      {keywords.map((k) => (
        <li key={k}>
          <Link to="/search" search={{ keyword: k }} className="chip" onClick={onPick}>
            {k}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <div className={className}>
      {recent.length > 0 ? (
        <section aria-labelledby={`${id}-recent`} className="section section-compact">
          <div className="section-head">
            <Heading id={`${id}-recent`}>最近搜索</Heading>
            <button type="button" className="link-button" onClick={clear}>
              清空最近搜索
            </button>
          </div>
          {chips(recent)}
        </section>
      ) : null}
      {hot.length > 0 ? (
        <section aria-labelledby={`${id}-hot`} className="section section-compact">
          <Heading id={`${id}-hot`}>热门搜索</Heading>
          {chips(hot)}
        </section>
      ) : null}
    </div>
  );
}
