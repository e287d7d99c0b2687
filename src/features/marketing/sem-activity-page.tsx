/**
 * Activity landing `/sem/activity` (sem layout). Attribution for this landing
 * (the bid and `adan`) already ran at start (src/features/marketing/start.ts); this
 * page shows:
 *
 * - the activity from the dictionary `{product}_activity_config` (title,
 *   subtitle, banner, time window, rules) — src/features/marketing/activity-config.ts;
 * - the New Year event banner with its rules when `snake/newyear` says
 *   `active`;
 * - the top game (`activityTopGame`) with a 全网比价 price check
 *   (`validaList`: other platforms' prices for the same game);
 * - the activity games (`activityGamePage`), 8 per page.
 *
 * 立即抢购 sends `purchase.start { goodsId, buyNum: 1, gameId }` to the root
 * actor: the pay-gating flow decides what happens (login, real name, stock).
 * Buying is possible only while the activity is on (between startTime and
 * endTime) and the goods is in stock.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { DICT_KEYS, dictItemsQueryOptions } from '../../api/dictionary';
import { getActivityGames, getActivityTopGame, type ActivityGame } from '../../api/goods';
import { belowLowestPrice, competitorPricesQueryOptions, getNewYearActivity } from '../../api/user';
import { useAppActor } from '../../shared/app-actor';
import { startPurchase } from '../buying';
import { pageCount, Pager } from '../../shared/ui/pagination';
import { SafeImage } from '../../shared/ui/safe-image';
import { ErrorState, GameGridSkeleton, LinesSkeleton, Skeleton } from '../../shared/ui/states';
import { Price, PriceTable } from '../../shared/ui/price';
import { formatDate } from '../../shared/format';
import { safeHref } from '../../shared/safe-url';
import { formatYuan } from '../../shared/money';
import { activityPhase, parseActivityConfig, type ActivityConfig, type ActivityPhase } from './activity-config';
import './marketing.css';

const PAGE_SIZE = 8;

const activityGamesQueryOptions = (activityId: string, pageNum: number) =>
  queryOptions({
    queryKey: ['activityGames', activityId, pageNum],
    queryFn: ({ signal }) => getActivityGames({ activityId, pageNum, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
const activityTopGameQueryOptions = (activityId: string) =>
  queryOptions({
    queryKey: ['activityTopGame', activityId],
    queryFn: ({ signal }) => getActivityTopGame(activityId, { signal }),
  });
const newYearQueryOptions = () =>
  queryOptions({ queryKey: ['newYearActivity'], queryFn: ({ signal }) => getNewYearActivity({ signal }) });

const PHASE_TEXT: Record<ActivityPhase, string> = { upcoming: '活动未开始', live: '活动进行中', ended: '活动已结束' };

const timeRange = (start: number | null, end: number | null) =>
  `${start === null ? '即日起' : formatDate(start, 'yyyy.MM.dd hh:mm')} - ${end === null ? '长期有效' : formatDate(end, 'yyyy.MM.dd hh:mm')}`;

function BuyButton({ item, phase, describedBy }: { item: ActivityGame; phase: ActivityPhase; describedBy: string }) {
  const actor = useAppActor();
  const soldOut = item.goods.stock <= 0;
  const disabled = soldOut || phase !== 'live';
  const label = soldOut ? '已售罄' : phase === 'upcoming' ? '即将开抢' : phase === 'ended' ? '已结束' : '立即抢购';
  return (
    <button
      type="button"
      className="button button-primary"
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={() => startPurchase(actor, { goodsId: item.goods.goodsId, buyNum: 1, gameId: item.game.gameId })}
    >
      {label}
    </button>
  );
}

function ActivityHero({ config, phase }: { config: ActivityConfig; phase: ActivityPhase }) {
  return (
    <header className="landing-hero activity-hero">
      {config.banner ? (
        <SafeImage src={config.banner} alt="" width={1200} height={400} priority className="activity-banner" />
      ) : null}
      <div className="activity-hero-text">
        <h1>{config.title}</h1>
        {config.subtitle ? <p>{config.subtitle}</p> : null}
        <p>
          <span className={`badge activity-phase activity-phase-${phase}`}>{PHASE_TEXT[phase]}</span>{' '}
          <span>活动时间：{timeRange(config.startTime, config.endTime)}</span>
        </p>
      </div>
    </header>
  );
}

function NewYearBanner() {
  const { data } = useQuery(newYearQueryOptions());
  if (!data?.active) return null;
  return (
    <section aria-labelledby="newyear-title" className="section newyear">
      {data.banner ? <SafeImage src={data.banner} alt="" width={1200} height={300} className="newyear-banner" /> : null}
      <h2 id="newyear-title">{data.title}</h2>
      <p className="muted">活动时间：{timeRange(data.startTime, data.endTime)}</p>
      {data.rules.length > 0 ? (
        <details>
          <summary>活动规则</summary>
          <ol className="rules-list">
            {data.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

function PriceCheck({ item }: { item: ActivityGame }) {
  const { data, isPending } = useQuery(competitorPricesQueryOptions(item.game.gameId));
  if (isPending) return <LinesSkeleton label="全网比价" lines={3} />;
  if (!data || data.length === 0) return null;
  const saving = belowLowestPrice(item.activityPrice, data);
  return (
    <section aria-labelledby="price-check" className="price-check">
      <h3 id="price-check">全网比价</h3>
      <PriceTable
        caption={`《${item.game.name}》各平台价格`}
        captionHidden
        labelHead="平台"
        rows={[
          { key: 'ours', label: '本站活动价', fen: item.activityPrice, className: 'price-check-ours' },
          ...data.map((p) => ({
            key: `platform-${p.platform}`,
            label: safeHref(p.url) ? (
              <a href={safeHref(p.url)} target="_blank" rel="noopener noreferrer">
                {p.platform}
              </a>
            ) : (
              p.platform
            ),
            fen: p.price,
          })),
        ]}
      />
      {saving > 0 ? <p className="price-check-saving">比全网最低价省 {formatYuan(saving)}</p> : null}
    </section>
  );
}

function TopGame({ activityId, phase }: { activityId: string; phase: ActivityPhase }) {
  const { data, isPending, isError, error, refetch } = useQuery(activityTopGameQueryOptions(activityId));
  const nameId = useId();
  if (isPending) return <Skeleton label="今日爆款" className="top-game-skeleton" />;
  if (isError) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!data) return null;
  return (
    <section aria-labelledby="top-game" className="section top-game">
      <h2 id="top-game">今日爆款</h2>
      <div className="top-game-body">
        <SafeImage src={data.game.cover} alt="" width={300} height={400} className="top-game-cover" />
        <div className="top-game-info">
          <h3 id={nameId}>
            <Link to="/gameDetail/$id" params={{ id: String(data.game.gameId) }}>
              {data.game.name}
            </Link>
          </h3>
          <p className="muted">{data.goods.name}</p>
          <p>
            <span className="badge badge-discount">{data.activityTag}</span>{' '}
            <Price fen={data.activityPrice} originalFen={data.goods.originalPrice} />
          </p>
          <BuyButton item={data} phase={phase} describedBy={nameId} />
        </div>
        <PriceCheck item={data} />
      </div>
    </section>
  );
}

function ActivityGameItem({ item, phase }: { item: ActivityGame; phase: ActivityPhase }) {
  const nameId = useId();
  return (
    <li className="activity-game">
      <Link to="/gameDetail/$id" params={{ id: String(item.game.gameId) }} className="activity-game-link">
        <SafeImage src={item.game.cover} alt="" width={300} height={400} />
        <span id={nameId} className="game-name">
          {item.game.name}
        </span>
      </Link>
      <span className="muted activity-goods-name">{item.goods.name}</span>
      <span>
        <span className="badge badge-discount">{item.activityTag}</span>{' '}
        <Price fen={item.activityPrice} originalFen={item.goods.originalPrice} />
      </span>
      <BuyButton item={item} phase={phase} describedBy={nameId} />
    </li>
  );
}

function ActivityGames({ activityId, phase }: { activityId: string; phase: ActivityPhase }) {
  const [pageNum, setPageNum] = useState(1);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useQuery(
    activityGamesQueryOptions(activityId, pageNum),
  );
  return (
    <section aria-labelledby="activity-games" className="section">
      <h2 id="activity-games">活动商品</h2>
      {isPending ? (
        <GameGridSkeleton label="活动商品" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.list.length === 0 ? (
        <p className="muted">活动商品正在上架，敬请期待。</p>
      ) : (
        <>
          <ul className="activity-games" aria-busy={isPlaceholderData || undefined}>
            {data.list.map((item) => (
              <ActivityGameItem key={item.goods.goodsId} item={item} phase={phase} />
            ))}
          </ul>
          <Pager
            label="活动商品分页"
            page={pageNum}
            totalPages={pageCount(data.total, data.pageSize)}
            onPage={setPageNum}
          />
        </>
      )}
    </section>
  );
}

function Rules({ rules }: { rules: string[] }) {
  if (rules.length === 0) return null;
  return (
    <section aria-labelledby="activity-rules" className="section">
      <h2 id="activity-rules">活动规则</h2>
      <ol className="rules-list">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </section>
  );
}

export function SemActivityPage() {
  const { data: items, isPending } = useQuery(dictItemsQueryOptions(DICT_KEYS.activityConfig));
  // The phase is taken when the page opens; a landing is not kept open across the start or end.
  const [now] = useState(Date.now);
  if (isPending) return <LinesSkeleton label="活动信息" />;
  const config = items ? parseActivityConfig(items) : null;
  if (!config) {
    return (
      <div className="landing">
        <div className="state-box">
          <h1 className="state-title">活动暂未开放</h1>
          <p className="state-text">活动信息正在准备中，先去看看其他好游戏吧。</p>
          <Link to="/" className="button">
            去首页逛逛
          </Link>
        </div>
      </div>
    );
  }
  const phase = activityPhase(config, now);
  return (
    <div className="landing activity-landing">
      <ActivityHero config={config} phase={phase} />
      <NewYearBanner />
      <TopGame activityId={config.activityId} phase={phase} />
      <ActivityGames activityId={config.activityId} phase={phase} />
      <Rules rules={config.rules} />
    </div>
  );
}
