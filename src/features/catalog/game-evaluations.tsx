/** The game detail's evaluations: this store's buyers' reviews, on the shared pager. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { evaluationsQueryOptions } from '../../api/game-detail';
import { formatDate } from '../../shared/format';
import { HtmlContent } from '../../shared/ui/html-content';
import { pageCount, Pager } from '../../shared/ui/pagination';
import { EmptyState, ErrorState, LinesSkeleton } from '../../shared/ui/states';

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * Where each of the detail's scores comes from (docs/decisions/0019-money-path-trust-and-budget.md): the game's `score` (0–10) is the store's catalogue
 * data, not its shoppers' (docs/catalog.md); the evaluations' average (1–5) is this store's buyers' reviews.
 */
export const SCORE_SOURCE = { game: '商城评分（游戏资料）', reviews: '本店买家评分' } as const;

const stars = (score: number) =>
  '★'.repeat(clamp(Math.round(score), 0, 5)) + '☆'.repeat(5 - clamp(Math.round(score), 0, 5));

export function Evaluations({ gameId }: { gameId: number }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...evaluationsQueryOptions(gameId, page), placeholderData: keepPreviousData });
  const { data } = query;
  return (
    <section aria-labelledby="game-evaluations" className="section evaluations" aria-busy={query.isFetching}>
      <h2 id="game-evaluations">用户评价</h2>
      {query.isPending ? <LinesSkeleton label="用户评价" lines={6} /> : null}
      {query.isError ? (
        <ErrorState error={query.error} title="评价加载失败" onRetry={() => void query.refetch()} />
      ) : null}
      {data && data.total === 0 ? <EmptyState title="暂无评价" /> : null}
      {data && data.total > 0 ? (
        <>
          <div className="evaluation-summary">
            <p className="evaluation-average">
              <span className="muted">{SCORE_SOURCE.reviews}</span> <strong>{data.avgScore.toFixed(1)}</strong> / 5{' '}
              <span className="muted">共 {data.total} 条评价</span>
            </p>
            <ul className="score-distribution" aria-label="评分分布">
              {[5, 4, 3, 2, 1].map((score) => {
                const count = data.distribution[score - 1] ?? 0;
                const all = data.distribution.reduce((a, b) => a + b, 0) || 1;
                return (
                  <li key={score}>
                    <span>{score}星</span>
                    <span className="score-bar" aria-hidden="true">
                      <span style={{ width: `${(count / all) * 100}%` }} />
                    </span>
                    <span>{count}条</span>
                  </li>
                );
              })}
            </ul>
          </div>
          <ul className="evaluation-list">
            {data.list.map((evaluation) => (
              <li key={evaluation.evaluationId} className="evaluation">
                <p className="evaluation-head">
                  <span className="evaluation-user">{evaluation.userName}</span>
                  <span className="evaluation-stars" role="img" aria-label={`${evaluation.score}星`}>
                    {stars(evaluation.score)}
                  </span>
                  <span className="muted">{formatDate(evaluation.createTime, 'yyyy.MM.dd')}</span>
                </p>
                <p className="evaluation-goods muted">购买商品：{evaluation.goodsName}</p>
                <HtmlContent html={evaluation.content} />
              </li>
            ))}
          </ul>
          <Pager label="评价分页" page={page} totalPages={pageCount(data.total, data.pageSize)} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
