/**
 * Game detail `/gameDetail/:id`: the game (cover, facts, tags), its price under
 * the title, its goods with a quantity stepper and the buy button, the
 * matching-coupon hint for logged-in users, a competitor price note, the
 * screenshots, the sanitised description, requirements, evaluations and
 * related games.
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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { fromPrice, fromPriceGoods } from '../../api/from-price';
import { evaluationsQueryOptions, gameConfigQueryOptions, gameDetailQueryOptions, recommendQueryOptions, type GameDetail } from '../../api/games';
import { gameGoodsQueryOptions, matchCouponQueryOptions, type Goods, type GoodsType } from '../../api/goods';
import { belowLowestPrice, competitorPricesQueryOptions } from '../../api/user';
import { useCurrentUser, useModals, useOptionalAppActor } from '../../shared/app-actor';
import { usePageHead, useSiteOrigin } from '../shell';
import { gameHead } from './game-head';
import { GameDetailSkeleton } from './detail-skeleton';
import { GameGrid, isUpcoming } from './game-card';
import { HtmlContent } from '../../shared/ui/html-content';
import { pageCount, Pager } from '../../shared/ui/pagination';
import { SafeImage } from '../../shared/ui/safe-image';
import { EmptyState, ErrorState, GameGridSkeleton, LinesSkeleton } from '../../shared/ui/states';
import { DiscountBadge, FromPrice, Price } from '../../shared/ui/price';
import { formatDate, joinList } from '../../shared/format';
import { formatYuan } from '../../shared/money';
import { bestCoupon, capQuantity, goodsOrderTotal, GOODS_LOAD_FAILED, QuantityStepper, quantityCap, startPurchase, TrustStrip } from '../buying';
import { useSwipe } from './use-swipe';
import './catalog.css';

const routeApi = getRouteApi('/detail-layout/gameDetail/$id');

const GOODS_TYPE_LABEL: Record<GoodsType, string> = { key: '激活码', topup: '充值', accelerator: '加速器', dlc: 'DLC' };

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
  return (
    <article className="game-detail" aria-labelledby="game-title">
      <div className="detail-hero">
        <SafeImage src={game.cover} alt={`${game.name}封面`} width={300} height={400} priority className="detail-cover" />
        <div className="detail-info">
          <h1 id="game-title">{game.name}</h1>
          <div className="detail-price-row">
            <HeadlinePrice game={game} choice={choice} />
            {/* The store's promise for the chosen goods (the buying feature owns its facts). */}
            {choice.selected ? <TrustStrip goods={choice.selected} /> : null}
          </div>
          <dl className="detail-facts">
            <div>
              {/* Two scores on one page, on two scales: each says where it comes from (issue 32). */}
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
        <PurchasePanel game={game} choice={choice} />
        {/* Under the facts on desktop (the column beside the purchase panel), after the goods on phones. */}
        <div className="detail-media">
          <Gallery game={game} />
          <section aria-labelledby="game-description" className="detail-section">
            <h2 id="game-description">游戏介绍</h2>
            <HtmlContent html={game.description} />
          </section>
          <Requirements gameId={game.gameId} />
        </div>
      </div>
      <Evaluations gameId={game.gameId} />
      <Related gameId={game.gameId} />
    </article>
  );
}

// --- the chosen goods ---------------------------------------------------------

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** A link names a goods the game no longer has (delisted, or a wrong link): nothing is chosen for the shopper. */
const GOODS_NOT_FOUND = '链接中的商品已下架或不存在，请选择其他商品';

type GoodsChoice = ReturnType<typeof useGoodsChoice>;

/**
 * The goods and quantity the URL chooses, read once for the price under the title and the purchase panel.
 * A goods the URL names is shown as it is: sold out, or not among the game's goods (delisted, or a wrong link),
 * means nothing is chosen and the panel says so (never silently another goods). Without one, the from-price
 * goods is chosen (the price the cards promised), else the first in stock.
 */
function useGoodsChoice(game: GameDetail) {
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
  return { goodsQuery, list, inStock, named, namedSoldOut, namedMissing, selected, cap, num, requested: search.num, choose };
}

/**
 * The price under the title: the chosen goods' (price, struck original, discount, and which goods), or the
 * game's from price with 起 while nothing is chosen — from the goods once they are here, from the card's
 * fields (the same rule, applied by the server) until then.
 */
function HeadlinePrice({ game, choice }: { game: GameDetail; choice: GoodsChoice }) {
  const { selected, list } = choice;
  const from = fromPrice(list) ?? game;
  const update = usePriceUpdate(selected ? `goods:${selected.goodsId}` : `from:${game.gameId}`, selected ? selected.price : from.minPrice);
  const note = update ? (
    <p className="price-updated" role="status">
      价格已更新（原价 <s>{formatYuan(update.was)}</s>）
    </p>
  ) : null;
  if (selected) {
    return (
      <div className="detail-price" role="group" aria-label="价格">
        <Price fen={selected.price} originalFen={selected.originalPrice} />
        <DiscountBadge fen={selected.price} originalFen={selected.originalPrice} />
        <span className="detail-price-goods">{selected.name}</span>
        {note}
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
function usePriceUpdate(key: string, price: number): { was: number } | null {
  const [seen, setSeen] = useState({ key, price, was: null as number | null });
  if (seen.key !== key) setSeen({ key, price, was: null });
  else if (seen.price !== price) setSeen({ key, price, was: seen.price });
  return seen.key === key && seen.was !== null && seen.was !== price ? { was: seen.was } : null;
}

/**
 * The signed-in shopper's coupons for `buyNum` × `goods` (the pay dialog's own query: one owner) and what the
 * best one takes off. While a new quantity loads the last answer stays, but never another account's.
 */
function useCouponOffer(goods: Goods | undefined, buyNum: number) {
  const userId = useCurrentUser()?.userId ?? null;
  const { data } = useQuery({
    ...matchCouponQueryOptions(userId ?? 0, goods?.goodsId ?? 0, buyNum),
    enabled: userId !== null && goods !== undefined,
    placeholderData: (previous, previousQuery) => (userId !== null && previousQuery?.queryKey[1] === userId ? previous : undefined),
  });
  if (userId === null || !goods) return { userId, offer: undefined };
  if (!data || data.coupons.length === 0) return { userId, offer: undefined };
  const best = bestCoupon(data.coupons, data.bestCouponId);
  return { userId, offer: { count: data.coupons.length, best, ...goodsOrderTotal(goods.price, buyNum, best) } };
}
type CouponOffer = ReturnType<typeof useCouponOffer>;

// --- purchase --------------------------------------------------------------

function PurchasePanel({ game, choice }: { game: GameDetail; choice: GoodsChoice }) {
  const actor = useOptionalAppActor();
  const { goodsQuery, list, inStock, named, namedSoldOut, namedMissing, selected, cap, num, requested, choose } = choice;
  const coupon = useCouponOffer(selected, num);
  // On a prerendered page the choices, the quantity and 立即购买 are live from the first paint: a tap made before
  // the app holds the page is kept (public/boot.js) and acted on here once it does.

  return (
    <section aria-labelledby="buy-title" className="purchase-panel">
      <h2 id="buy-title">选择商品</h2>
      {goodsQuery.isPending ? <LinesSkeleton label="商品" lines={4} /> : null}
      {goodsQuery.isError ? <ErrorState error={goodsQuery.error} title={GOODS_LOAD_FAILED} onRetry={() => void goodsQuery.refetch()} /> : null}
      {goodsQuery.isSuccess && list.length === 0 ? <EmptyState title="该游戏暂无在售商品" /> : null}
      <ActivityNote goods={list} />
      {list.length > 0 ? (
        <fieldset className="goods-options">
          <legend className="visually-hidden">商品</legend>
          {list.map((goods) => (
            <GoodsOption
              key={goods.goodsId}
              goods={goods}
              checked={goods.goodsId === selected?.goodsId}
              onChoose={() => choose(goods.goodsId, capQuantity(selected ? num : (requested ?? 1), quantityCap(goods)))}
            />
          ))}
        </fieldset>
      ) : null}
      {selected ? (
        <>
          <QuantityStepper key={selected.goodsId} value={num} cap={cap ?? quantityCap(selected)} requested={requested} onChange={(n) => choose(selected.goodsId, n)} />
          <p className="goods-limit">
            每单限购 {selected.limitPerOrder} 件 · 库存 {selected.stock} 件 · {selected.deliveryType === 'cdk' ? '付款后发放激活码' : '付款后直充到账'}
          </p>
          <p className="purchase-total">
            合计 <Price fen={goodsOrderTotal(selected.price, num).subtotal} originalFen={goodsOrderTotal(selected.originalPrice, num).subtotal} />
          </p>
          <CouponHint coupon={coupon} />
        </>
      ) : null}
      {named && namedSoldOut && inStock.length > 0 ? <p className="sold-out-note">该商品已售罄：「{named.name}」，请选择其他商品</p> : null}
      {namedMissing && inStock.length > 0 ? <p className="sold-out-note">{GOODS_NOT_FOUND}</p> : null}
      {goodsQuery.isSuccess && list.length > 0 && inStock.length === 0 ? <p className="sold-out-note">商品已全部售罄，请关注补货</p> : null}
      {/* The buy row: in the panel on desktop, a bar fixed to the bottom of the screen on phones (catalog.css). */}
      <div className="buy-bar">
        {selected ? (
          <p className="buy-bar-price">
            到手价 <Price fen={coupon.offer?.due ?? goodsOrderTotal(selected.price, num).due} />
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary buy-button"
          disabled={!selected}
          onClick={() => {
            if (selected && actor) startPurchase(actor, { goodsId: selected.goodsId, buyNum: num, gameId: game.gameId });
          }}
        >
          立即购买
        </button>
      </div>
      {selected ? <CompetitorPrices gameId={game.gameId} goods={selected} /> : null}
      <DeliveryNote gameId={game.gameId} />
    </section>
  );
}

function GoodsOption({ goods, checked, onChoose }: { goods: Goods; checked: boolean; onChoose: () => void }) {
  const soldOut = goods.stock <= 0;
  return (
    <label className={`goods-option${checked ? ' is-checked' : ''}${soldOut ? ' is-sold-out' : ''}`}>
      <input type="radio" name="goods" value={goods.goodsId} checked={checked} disabled={soldOut} onChange={onChoose} />
      <span className="goods-name">
        <span className="badge">{GOODS_TYPE_LABEL[goods.type]}</span> {goods.name}
      </span>
      <span className="goods-price">
        <Price fen={goods.price} originalFen={goods.originalPrice} />
        <DiscountBadge fen={goods.price} originalFen={goods.originalPrice} />
        {goods.activityTag ? <span className="badge badge-activity">{goods.activityTag}</span> : null}
        {goods.hasGift ? <span className="badge badge-gift">{goods.giftName ? `赠礼包：${goods.giftName}` : '赠礼包'}</span> : null}
        {soldOut ? <span className="badge badge-sold-out">已售罄</span> : null}
      </span>
    </label>
  );
}

/** Goods of a running activity are sold at the activity price here too; say so and lead to the activity. */
function ActivityNote({ goods }: { goods: Goods[] }) {
  const onSale = goods.filter((g) => g.activityTag && g.stock > 0);
  if (onSale.length === 0) return null;
  const tags = [...new Set(onSale.map((g) => g.activityTag))].join('、');
  return (
    <p className="activity-note">
      <span className="badge badge-activity">活动</span> {tags}：{onSale.map((g) => `「${g.name}」`).join('')}正以活动价出售{' '}
      <Link to="/sem/activity">查看全部活动商品</Link>
    </p>
  );
}

function CouponHint({ coupon }: { coupon: CouponOffer }) {
  const modals = useModals();
  if (coupon.userId === null) {
    return (
      <p className="coupon-hint">
        <button type="button" className="link-button" onClick={() => modals.open('login')}>
          登录后查看可用优惠券
        </button>
      </p>
    );
  }
  const { offer } = coupon;
  if (!offer) return null;
  if (!offer.best) return <p className="coupon-hint">有 {offer.count} 张优惠券可用于此商品</p>;
  return (
    <p className="coupon-hint">
      可用优惠券：{offer.best.title}，预计可省 {formatYuan(offer.saving)}，券后 {formatYuan(offer.due)}
      {offer.count > 1 ? `（共 ${offer.count} 张可用）` : ''}
    </p>
  );
}

/**
 * 全网比价 for the chosen goods (issue 32): other shops' prices for that edition, and which edition that is.
 * Prices the answer does not say are for this goods (a server that compares per game) are not shown: a
 * standard edition's prices beside a deluxe edition's price would mislead.
 */
function CompetitorPrices({ gameId, goods }: { gameId: number; goods: Goods }) {
  const { data } = useQuery(competitorPricesQueryOptions(gameId, goods.goodsId));
  const prices = data?.filter((c) => c.goodsId === goods.goodsId) ?? [];
  if (prices.length === 0) return null;
  const cheaper = belowLowestPrice(goods.price, prices);
  return (
    <div className="price-compare">
      <h3>全网比价</h3>
      <p className="price-compare-what">比较的是：{goods.name}</p>
      <ul>
        {prices.map((c) => (
          <li key={c.platform}>
            {c.platform} {formatYuan(c.price)}
          </li>
        ))}
      </ul>
      {cheaper > 0 ? <p>本店比全网最低价便宜 {formatYuan(cheaper)}</p> : null}
    </div>
  );
}

function DeliveryNote({ gameId }: { gameId: number }) {
  const { data } = useQuery(gameConfigQueryOptions(gameId));
  if (!data?.deliveryNote) return null;
  return <p className="delivery-note">发货说明：{data.deliveryNote}</p>;
}

// --- gallery, requirements, evaluations, related -------------------------------

/**
 * The screenshots: one large picture, 上一张截图 / 下一张截图 and a thumbnail button per picture
 * (`查看第N张截图`, pressed when shown). ←/→ (and Home/End) anywhere in the gallery move between pictures,
 * keeping the focus on the thumbnail of the one shown when it was on a thumbnail; a horizontal swipe on the
 * picture does the same on touch screens. `第N张，共M张` is announced politely.
 */
function Gallery({ game }: { game: GameDetail }) {
  const [index, setIndex] = useState(0);
  const count = game.gallery.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const wrap = (to: number) => ((to % count) + count) % count;
  const go = (to: number) => setIndex(wrap(to));
  const swipe = useSwipe((step) => go(current + step));
  if (count === 0) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined || count < 2) return;
    event.preventDefault();
    const next = wrap(to);
    setIndex(next);
    const thumbs = event.currentTarget.querySelectorAll<HTMLButtonElement>('.gallery-thumbs button');
    if ([...thumbs].includes(document.activeElement as HTMLButtonElement)) thumbs[next]?.focus();
  };

  return (
    <section aria-labelledby="game-gallery" aria-roledescription="carousel" className="detail-section gallery" onKeyDown={onKeyDown}>
      <h2 id="game-gallery">游戏截图</h2>
      <div className="gallery-stage" {...swipe}>
        <SafeImage src={game.gallery[current] ?? ''} alt={`${game.name}截图 ${current + 1}`} width={1280} height={720} className="gallery-main" />
        {count > 1 ? (
          <>
            <button type="button" className="gallery-arrow gallery-prev" onClick={() => go(current - 1)}>
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">上一张截图</span>
            </button>
            <button type="button" className="gallery-arrow gallery-next" onClick={() => go(current + 1)}>
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">下一张截图</span>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <>
          <p className="gallery-count" aria-live="polite">
            第{current + 1}张，共{count}张
          </p>
          <ul className="gallery-thumbs">
            {game.gallery.map((src, i) => (
              <li key={`${i}-${src}`}>
                <button type="button" aria-label={`查看第${i + 1}张截图`} aria-pressed={i === current} onClick={() => setIndex(i)}>
                  <SafeImage src={src} alt="" width={160} height={90} />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

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

/**
 * Where each of the detail's scores comes from (issue 32): the game's `score` (0–10) is the store's catalogue
 * data, not its shoppers' (docs/catalog.md); the evaluations' average (1–5) is this store's buyers' reviews.
 */
const SCORE_SOURCE = { game: '商城评分（游戏资料）', reviews: '本店买家评分' } as const;

const stars = (score: number) => '★'.repeat(clamp(Math.round(score), 0, 5)) + '☆'.repeat(5 - clamp(Math.round(score), 0, 5));

function Evaluations({ gameId }: { gameId: number }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...evaluationsQueryOptions(gameId, page), placeholderData: keepPreviousData });
  const { data } = query;
  return (
    <section aria-labelledby="game-evaluations" className="section evaluations" aria-busy={query.isFetching}>
      <h2 id="game-evaluations">用户评价</h2>
      {query.isPending ? <LinesSkeleton label="用户评价" lines={6} /> : null}
      {query.isError ? <ErrorState error={query.error} title="评价加载失败" onRetry={() => void query.refetch()} /> : null}
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
