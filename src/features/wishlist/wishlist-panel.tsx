/**
 * The 愿望单 tab of the personal centre (`/setting?type=4`): each game with its cover, today's from price and
 * discount, the price when it was added, 降价 ¥x when it is lower now, 史低 at its historical low, 即将发售 /
 * 已售罄, 移除, and a sort (加入时间, 降价幅度, 价格). Its own chunk, loaded with the tab. When the server lacks the
 * extension the list is kept in this browser, and the tab says so quietly; each game is then read from the
 * catalogue (no 史低: the history is the extension's).
 */
import { WISHLIST_LOADING } from './texts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { fromPrice } from '../../api/from-price';
import { gameDetailQueryOptions } from '../../api/game-detail';
import { gameGoodsQueryOptions } from '../../api/goods';
import type { WishEntry, WishItem } from '../../api/wishlist';
import { useAppActor, type AppActor } from '../../shared/app-actor';
import { formatYuan } from '../../shared/money';
import { DiscountBadge, Price } from '../../shared/ui/price';
import { useWishlist, wishlistStorage } from './wishlist-store';
import { atLow, BROWSER_ONLY_NOTE, priceDrop, sortWishlist, WISHLIST_SORTS, writeSeenPrices, type WishlistSort } from './wishlist-rules';
import './wishlist.css';

export default function WishlistPanel() {
  const root = useAppActor();
  const { owner, entries, items, where, loading, failed } = useWishlist(root);
  const [sort, setSort] = useState<WishlistSort>('added');
  // Shown items: the server's, for the games still on the list as shown (a removal shows at once).
  const shown = useMemo(() => (items ? items.filter((i) => entries.some((e) => e.gameId === i.gameId)) : null), [items, entries]);

  // This visit's prices are what the shopper has seen (the header's count compares with them).
  useEffect(() => {
    if (owner !== null && shown && !loading) writeSeenPrices(wishlistStorage(), owner, shown);
  }, [owner, shown, loading]);

  return (
    <section className="wishlist-panel" aria-labelledby="wishlist-heading">
      <div className="wishlist-head">
        <h2 id="wishlist-heading">愿望单</h2>
        <label className="wishlist-sort">
          排序
          <select value={sort} onChange={(event) => setSort(event.target.value as WishlistSort)}>
            {WISHLIST_SORTS.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {where === 'browser' ? <p className="wishlist-note">{BROWSER_ONLY_NOTE}</p> : null}
      {failed ? (
        <p className="wishlist-note" role="status">
          愿望单暂未同步{' '}
          <button type="button" className="button-link" onClick={() => root.send({ type: 'wishlist.retry' })}>
            重试
          </button>
        </p>
      ) : null}
      {loading && entries.length === 0 ? (
        <p className="wishlist-note" role="status">
          {WISHLIST_LOADING}
        </p>
      ) : entries.length === 0 ? (
        <p className="wishlist-empty">愿望单还是空的：在游戏详情页点「加入愿望单」，降价时这里会告诉你。</p>
      ) : shown ? (
        <ul className="wishlist-list" aria-label="愿望单游戏">
          {sortWishlist(shown, sort).map((item) => (
            <WishlistRow key={item.gameId} item={item} actor={root} />
          ))}
        </ul>
      ) : (
        <ul className="wishlist-list" aria-label="愿望单游戏">
          {/* Kept in this browser: today's prices are each row's own reads, so the list keeps the order added. */}
          {entries.map((entry) => (
            <LocalRow key={entry.gameId} entry={entry} actor={root} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WishlistRow({ item, actor }: { item: WishItem; actor: AppActor }) {
  const drop = priceDrop(item);
  return (
    <li className="wishlist-item">
      <Link to="/gameDetail/$id" params={{ id: String(item.gameId) }} className="wishlist-cover">
        <img src={item.cover} alt="" width={90} height={120} loading="lazy" />
      </Link>
      <div className="wishlist-body">
        <h3>
          <Link to="/gameDetail/$id" params={{ id: String(item.gameId) }}>
            {item.name}
          </Link>
        </h3>
        <p className="wishlist-price">
          <Price fen={item.price} originalFen={item.originalPrice} />
          <DiscountBadge fen={item.price} originalFen={item.originalPrice} />
          <span className="price-from">起</span>
        </p>
        <p className="wishlist-marks">
          <span className="wishlist-added">加入时 {formatYuan(item.addedPrice)}</span>
          {drop > 0 ? <span className="badge badge-drop">降价 {formatYuan(drop)}</span> : null}
          {atLow(item) ? <span className="badge badge-low">史低</span> : null}
          {item.upcoming ? <span className="badge">即将发售</span> : null}
          {item.soldOut ? <span className="badge badge-sold-out">已售罄</span> : null}
        </p>
      </div>
      <button type="button" className="button wishlist-remove" aria-label={`移除 ${item.name}`} onClick={() => actor.send({ type: 'wishlist.remove', gameId: item.gameId })}>
        移除
      </button>
    </li>
  );
}

/** A game of a list kept in this browser: read from the catalogue (its from price by the one `fromPrice` rule). */
function LocalRow({ entry, actor }: { entry: WishEntry; actor: AppActor }) {
  const game = useQuery(gameDetailQueryOptions(entry.gameId));
  const goods = useQuery(gameGoodsQueryOptions(entry.gameId));
  const [now] = useState(() => Date.now());
  if (!game.data) return <li className="wishlist-item wishlist-item-loading">{game.isError ? '该游戏暂时无法显示' : '加载中…'}</li>;
  const list = goods.data?.goods ?? [];
  const price = fromPrice(list) ?? { minPrice: game.data.minPrice, originalPrice: game.data.originalPrice };
  const item: WishItem = {
    ...entry,
    name: game.data.name,
    cover: game.data.cover,
    price: price.minPrice,
    originalPrice: price.originalPrice,
    lowPrice: null,
    upcoming: game.data.releaseDate > now,
    soldOut: list.length > 0 && list.every((g) => g.stock <= 0),
  };
  return <WishlistRow item={item} actor={actor} />;
}
