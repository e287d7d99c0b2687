/**
 * Game detail `/gameDetail/:id`: the game (cover, facts, tags), its price under
 * the title, the purchase panel (buying's: goods, quantity, coupon hint, 到手价,
 * 立即购买, price comparison; src/features/buying/purchase-panel.tsx), the
 * screenshots (./game-gallery.tsx), the sanitised description, requirements,
 * evaluations (./game-evaluations.tsx) and related games.
 *
 * The price under the title is the chosen goods' (or, with none chosen, the
 * game's from price: `src/api/from-price.ts`, the same rule that fills every
 * card), so the first screen of a phone says what the game costs, with the
 * chosen goods' trust strip (the buying feature's) beside it. On phones
 * the buy row (到手价 after the best coupon, 立即购买) is a bar fixed to the
 * bottom of the screen; the page keeps that much room free under its last
 * line, so the bar never covers content. On desktop the screenshots, the
 * description and the requirements fill the column under the facts.
 *
 * The chosen goods and quantity live in the URL (`?goods=12&num=2`) so a
 * login or a reload keeps them. An unknown id never reaches this component:
 * the route loader turns `game_40404` into the 404 page.
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { fromPrice, fromPriceGoods } from '../../api/from-price';
import { recommendQueryOptions } from '../../api/games';
import { gameConfigQueryOptions, gameDetailQueryOptions, type GameDetail } from '../../api/game-detail';
import { gameGoodsQueryOptions } from '../../api/goods';
import { usePageHead, useSiteOrigin } from '../shell';
import { gameHead } from './game-head';
import { GameDetailSkeleton } from './detail-skeleton';
import { GameGrid, isUpcoming } from './game-card';
import { HtmlContent } from '../../shared/ui/html-content';
import { SafeImage } from '../../shared/ui/safe-image';
import { ErrorState, GameGridSkeleton, LinesSkeleton } from '../../shared/ui/states';
import { DiscountBadge, FromPrice, Price } from '../../shared/ui/price';
import { formatDate, joinList } from '../../shared/format';
import { formatYuan } from '../../shared/money';
import { capQuantity, PurchasePanel, quantityCap, TrustStrip, type GoodsChoice } from '../buying';
import { Evaluations, SCORE_SOURCE } from './game-evaluations';
import { Gallery } from './game-gallery';
import { useRecordView } from './recent-views';
import { PriceHistorySlot } from './price-history-slot';
import { BuyBarLowMark, PriceVerdict } from './price-verdict';
import './catalog.css';

const routeApi = getRouteApi('/detail-layout/gameDetail/$id');

export function GameDetailPage() {
  const { id } = routeApi.useParams();
  const gameId = Number(id);
  const detail = useQuery(gameDetailQueryOptions(gameId));
  if (detail.isPending) return <GameDetailSkeleton />;
  if (detail.isError) {
    return (
      <div className="game-detail">
        <h1>游戏详情</h1>
        <ErrorState error={detail.error} title="游戏信息加载失败" onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  return <GameDetailView game={detail.data} />;
}

function GameDetailView({ game }: { game: GameDetail }) {
  const upcoming = isUpcoming(game);
  const choice = useGoodsChoice(game);
  // The same goods query as the choice's (one request): the head's offers follow the goods on sale.
  const goodsQuery = useQuery(gameGoodsQueryOptions(game.gameId));
  const goods = goodsQuery.data?.goods;
  const pricedAt = goodsQuery.dataUpdatedAt;
  const origin = useSiteOrigin();
  usePageHead(useMemo(() => gameHead(game, goods, origin, pricedAt), [game, goods, origin, pricedAt]));
  // 最近浏览 (./recent-views.ts): this game goes to the top of the viewer's list.
  useRecordView(game);
  return (
    <article className="game-detail" aria-labelledby="game-title">
      <div className="detail-hero">
        <SafeImage
          src={game.cover}
          alt={`${game.name}封面`}
          width={300}
          height={400}
          priority
          className="detail-cover"
        />
        <div className="detail-info">
          <h1 id="game-title">{game.name}</h1>
          <div className="detail-price-row">
            <HeadlinePrice game={game} choice={choice} verdict={!upcoming} />
            {/* The store's promise for the chosen goods (the buying feature owns its facts). */}
            {choice.selected ? <TrustStrip goods={choice.selected} /> : null}
          </div>
          <dl className="detail-facts">
            <div>
              {/* Two scores on one page, on two scales: each says where it comes from (docs/decisions/0019-money-path-trust-and-budget.md). */}
              <dt>{SCORE_SOURCE.game}</dt>
              <dd>{game.score > 0 ? `${game.score.toFixed(1)} / 10` : '暂无评分'}</dd>
            </div>
            <div>
              <dt>{upcoming ? '预计发售' : '发行日期'}</dt>
              <dd>{formatDate(game.releaseDate, 'yyyy.MM.dd')}</dd>
            </div>
            <div>
              <dt>发行商</dt>
              <dd>{game.publisher}</dd>
            </div>
            <div>
              <dt>开发商</dt>
              <dd>{game.developer}</dd>
            </div>
            <div>
              <dt>平台</dt>
              <dd>{joinList(game.platforms) || '—'}</dd>
            </div>
            {game.languages.length > 0 ? (
              <div>
                <dt>语言</dt>
                <dd>{joinList(game.languages)}</dd>
              </div>
            ) : null}
          </dl>
          {game.tags.length > 0 ? (
            <ul className="chip-list" aria-label="标签">
              {game.tags.map((tag) => (
                <li key={tag}>
                  <Link to="/search" search={{ keyword: tag }} className="chip">
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <PurchasePanel
          game={game}
          choice={choice}
          barNote={choice.selected && !upcoming ? <BuyBarLowMark goodsId={choice.selected.goodsId} /> : null}
        />
        {/* Under the facts on desktop (the column beside the purchase panel), after the goods on phones. */}
        <div className="detail-media">
          <Gallery game={game} />
          <section aria-labelledby="game-description" className="detail-section">
            <h2 id="game-description">游戏介绍</h2>
            <HtmlContent html={game.description} />
          </section>
          <Requirements gameId={game.gameId} />
          {/* 价格走势 of the chosen goods (docs/following-prices.md, an extension): after hydration, in reserved space. A game not out
              yet has no history (nothing was sold before its release). */}
          {choice.selected && !upcoming ? <PriceHistorySlot goodsId={choice.selected.goodsId} /> : null}
        </div>
      </div>
      <Evaluations gameId={game.gameId} />
      <Related gameId={game.gameId} />
    </article>
  );
}

// --- the chosen goods ---------------------------------------------------------

/**
 * The goods and quantity the URL chooses, read once for the price under the title and the purchase panel.
 * A goods the URL names is shown as it is: sold out, or not among the game's goods (delisted, or a wrong link),
 * means nothing is chosen and the panel says so (never silently another goods). Without one, the from-price
 * goods is chosen (the price the cards promised), else the first in stock.
 */
function useGoodsChoice(game: GameDetail): GoodsChoice {
  const goodsQuery = useQuery(gameGoodsQueryOptions(game.gameId));
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const list = goodsQuery.data?.goods ?? [];
  const inStock = list.filter((g) => g.stock > 0);
  const named = list.find((g) => g.goodsId === search.goods);
  const namedSoldOut = named !== undefined && named.stock <= 0;
  const namedMissing = search.goods !== undefined && goodsQuery.isSuccess && named === undefined;
  const selected = namedSoldOut || namedMissing ? undefined : (named ?? fromPriceGoods(inStock) ?? inStock[0]);
  const cap = selected ? quantityCap(selected) : undefined;
  const num = cap ? capQuantity(search.num ?? 1, cap) : 1;
  const choose = (goodsId: number, buyNum: number) => {
    void navigate({ search: (prev) => ({ ...prev, goods: goodsId, num: buyNum }), replace: true, resetScroll: false });
  };
  return {
    goodsQuery,
    list,
    inStock,
    named,
    namedSoldOut,
    namedMissing,
    selected,
    cap,
    num,
    requested: search.num,
    choose,
  };
}

/**
 * The price under the title: the chosen goods' (price, struck original, discount, which goods, and the deal
 * verdict: ./price-verdict.tsx), or the game's from price with 起 while nothing is chosen — from the goods once
 * they are here, from the card's fields (the same rule, applied by the server) until then.
 */
function HeadlinePrice({ game, choice, verdict }: { game: GameDetail; choice: GoodsChoice; verdict: boolean }) {
  const { selected, list } = choice;
  const from = fromPrice(list) ?? game;
  const update = usePriceUpdate(
    selected ? `goods:${selected.goodsId}` : `from:${game.gameId}`,
    selected ? selected.price : from.minPrice,
  );
  const note = update ? (
    <p className="price-updated" role="status">
      {priceUpdateText(update.was, update.now)}
    </p>
  ) : null;
  if (selected) {
    return (
      <div className="detail-price" role="group" aria-label="价格">
        <Price fen={selected.price} originalFen={selected.originalPrice} />
        <DiscountBadge fen={selected.price} originalFen={selected.originalPrice} />
        <span className="detail-price-goods">{selected.name}</span>
        {note}
        {verdict ? <PriceVerdict goodsId={selected.goodsId} /> : null}
      </div>
    );
  }
  return (
    <div className="detail-price" role="group" aria-label="价格">
      <FromPrice minPrice={from.minPrice} originalPrice={from.originalPrice} />
      {note}
    </div>
  );
}

/**
 * A price that changed while the shopper looked at it (a prerendered page shows the build's price until the
 * live one arrives, docs/prerendering.md, "Prices in the HTML"): the price it was, until the shopper chooses
 * something else. `key` names what is priced (a goods, or the game's from price), so a choice is not a change.
 */
function usePriceUpdate(key: string, price: number): { was: number; now: number } | null {
  const [seen, setSeen] = useState({ key, price, was: null as number | null });
  if (seen.key !== key) setSeen({ key, price, was: null });
  else if (seen.price !== price) setSeen({ key, price, was: seen.price });
  return seen.key === key && seen.was !== null && seen.was !== price ? { was: seen.was, now: price } : null;
}

/**
 * The note of a price that changed on screen, in one wording: 降价 ¥x（之前 ¥y） or 价格已更新（之前 ¥y）.
 * Never 原价: that word belongs to the struck list price beside it, and a second 原价 would name another price.
 */
export function priceUpdateText(was: number, now: number): string {
  return now < was
    ? `刚刚降价 ${formatYuan(was - now)}（之前 ${formatYuan(was)}）`
    : `价格已更新（之前 ${formatYuan(was)}）`;
}

// --- gallery, requirements, evaluations, related -------------------------------

function Requirements({ gameId }: { gameId: number }) {
  const { data, isPending } = useQuery(gameConfigQueryOptions(gameId));
  if (isPending) return <LinesSkeleton label="配置要求" lines={5} className="detail-section" />;
  // Failure or nothing to show: the section is left out (contract: "Requirements section hidden").
  if (!data || (data.minimum.length === 0 && data.recommended.length === 0)) return null;
  const table = (title: string, rows: GameDetailConfigRow[]) =>
    rows.length > 0 ? (
      <table className="spec-table">
        <caption>{title}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : null;
  return (
    <section aria-labelledby="game-requirements" className="detail-section">
      <h2 id="game-requirements">配置要求</h2>
      <div className="spec-tables">
        {table('最低配置', data.minimum)}
        {table('推荐配置', data.recommended)}
      </div>
    </section>
  );
}
type GameDetailConfigRow = { label: string; value: string };

function Related({ gameId }: { gameId: number }) {
  const { data, isPending } = useQuery(recommendQueryOptions(gameId));
  if (isPending) return <GameGridSkeleton label="相关推荐" className="section" />;
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="game-related" className="section">
      <h2 id="game-related">相关推荐</h2>
      <GameGrid games={data.slice(0, 6)} />
    </section>
  );
}
